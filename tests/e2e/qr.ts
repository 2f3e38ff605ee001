import type { Locator, Page } from "@playwright/test";
import decodeQR from "qr/decode.js";

/**
 * Reads a QR code as a phone would: a screenshot of the element as it is on screen, turned
 * into pixels by the page's own canvas, decoded by a QR reader that shares no code with the
 * app's generator. Answers the text the code carries.
 */
export async function decodeQrOnScreen(page: Page, code: Locator): Promise<string> {
  const png = await code.screenshot();
  const image = await page.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D canvas");
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  }, png.toString("base64"));
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) });
}
