import * as Dialog from "@radix-ui/react-dialog";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { CheckIcon, CloseIcon } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/react";

type CopyState = "idle" | "copied" | "failed";

/**
 * Copies text: the Clipboard API where the page may use it (a secure context), else the
 * address selected on the page with the older copy command (plain http on a school network).
 */
async function copyText(text: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): try the selection below.
  }
  const selection = window.getSelection();
  if (!shown || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(shown);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    // Deprecated, but the only way to copy outside a secure context.
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/**
 * The class's join link for the teacher: the full address (selectable), a copy button whose
 * result is announced, a QR code to show on the board, and a full-screen view of both for a
 * projector.
 */
export function JoinLink({ url, classTitle }: { url: string; classTitle: string }) {
  const t = useT();
  const shown = useRef<HTMLParagraphElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");
  const [large, setLarge] = useState(false);
  useEffect(() => {
    if (copy !== "copied") return;
    const timer = setTimeout(() => setCopy("idle"), 5000);
    return () => clearTimeout(timer);
  }, [copy]);

  const showLarge = () => {
    setLarge(true);
    // On a projector the page's own chrome is in the way; the teacher may refuse, that is fine.
    if (document.fullscreenEnabled)
      void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  const closeLarge = (open: boolean) => {
    if (open) return;
    setLarge(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };
  const qrLabel = t("classes.join.qrLabel", { url });

  return (
    <section
      aria-labelledby="join-link"
      className="flex flex-wrap items-center gap-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="min-w-0 flex-1 basis-64 space-y-3">
        <h2 id="join-link" className="text-lg font-semibold text-ink">
          {t("classes.join.linkTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("classes.join.linkHelp")}</p>
        {/* The whole address, wrapped on narrow screens; one click selects all of it. */}
        <p
          ref={shown}
          dir="ltr"
          className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base break-all text-ink select-all"
          data-testid="join-url"
        >
          {url}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            theme="white"
            size="small"
            onClick={() => {
              void copyText(url, shown.current).then((ok) => setCopy(ok ? "copied" : "failed"));
            }}
          >
            {t("classes.join.copy")}
          </Button>
          <Button theme="white" size="small" onClick={showLarge}>
            {t("classes.join.showLarge")}
          </Button>
          <p role="status" className="text-sm font-medium text-emerald-800">
            {copy === "copied" ? (
              <span className="inline-flex items-center gap-1">
                <CheckIcon className="size-4" /> {t("classes.join.copied")}
              </span>
            ) : null}
            {copy === "failed" ? (
              <span className="text-red-800">{t("classes.join.copyFailed")}</span>
            ) : null}
          </p>
        </div>
      </div>
      <QRCodeSVG
        value={url}
        size={144}
        marginSize={4}
        role="img"
        aria-label={qrLabel}
        data-value={url}
        className="shrink-0 rounded-lg border border-slate-200"
      />
      <Dialog.Root open={large} onOpenChange={closeLarge}>
        <Dialog.Portal>
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 overflow-y-auto bg-white p-6 text-center focus:outline-none"
          >
            <Dialog.Title className="text-3xl font-bold text-ink sm:text-5xl">
              {classTitle}
            </Dialog.Title>
            <QRCodeSVG
              value={url}
              size={512}
              marginSize={4}
              role="img"
              aria-label={qrLabel}
              className="h-auto w-full max-w-[min(60dvh,90vw)]"
            />
            <p dir="ltr" className="font-mono text-2xl break-all text-ink sm:text-4xl">
              {url}
            </p>
            <Dialog.Close asChild>
              <Button theme="white" icon={<CloseIcon className="size-4" />}>
                {t("common.close")}
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
