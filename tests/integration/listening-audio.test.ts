import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeAndPremiumTeachers } from "../support/accounts";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

// Issue 17 item 4: a listening track's sound is served to whoever may open the track, with
// Range support, and as a download to premium teachers only.
const PASSWORD = "a lighthouse keeper's long playlist";
const PREMIUM_TRACK = "/dashboard/listening/a1-my-family-photo/audio";
const FREE_TRACK = "/dashboard/listening/a1-ordering-at-a-cafe/audio";

let app: TestApp;
let free: HttpSession;
let premium: HttpSession;

beforeAll(async () => {
  app = await startTestApp();
  ({ free, premium } = await freeAndPremiumTeachers(app, "listener", PASSWORD));
});
afterAll(async () => {
  await app?.close();
});

describe("listening track audio", () => {
  it("plays a premium track to a premium teacher, whole or by range", async () => {
    const whole = await premium.get(PREMIUM_TRACK);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-disposition")).toBeNull();
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(Number(whole.headers.get("content-length"))).toBe(bytes.length);

    const part = await premium.get(PREMIUM_TRACK, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await premium.get(PREMIUM_TRACK, { range: "bytes=-50" });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 50));

    const outside = await premium.get(PREMIUM_TRACK, { range: `bytes=${bytes.length + 5}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
  });

  it("gives a premium teacher the file to download", async () => {
    const download = await premium.get(`${PREMIUM_TRACK}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="a1-my-family-photo.mp3"',
    );
  });

  it("plays only free tracks to a free teacher, and downloads none", async () => {
    expect((await free.get(FREE_TRACK)).status).toBe(200);
    const locked = await free.get(PREMIUM_TRACK);
    expect(locked.status).toBe(403);
    expect(await locked.text()).toMatch(/part of Premium/);
    const download = await free.get(`${FREE_TRACK}?download=1`);
    expect(download.status).toBe(403);
    expect(await download.text()).toMatch(/Downloading .* Premium/);
  });

  it("answers 404 for an unknown track and sends a visitor to sign in", async () => {
    const unknown = await premium.get("/dashboard/listening/no-such-track/audio");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/no such listening track/);
    const visitor = await new HttpSession(app.url).get(FREE_TRACK);
    expect(visitor.status).toBe(302);
  });

  it("no longer serves the files publicly", async () => {
    const direct = await new HttpSession(app.url).get("/audio/a1-my-family-photo.mp3");
    expect(direct.status).toBe(404);
  });
});
