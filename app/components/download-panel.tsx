import { useEffect, useRef } from "react";
import { buttonClasses, type ButtonSize } from "~/components/ui/button";
import { DownloadIcon } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/react";

/** Countries that print on US Letter; everyone else prints on A4. */
const LETTER_REGIONS = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "PR", "CR"]);

export interface PdfChoice {
  /** The value of `part` the server expects, and the button's words. */
  part: string;
  label: string;
}

/**
 * "Download": the printable PDFs of an exercise, material or lesson, on the paper the teacher
 * picks (A4, or US Letter where it is the norm), and the PowerPoint file when there is one.
 * A plain GET form: each button sends its part, and the browser saves the file it gets. On a
 * phone the panel opens in the flow of the page (a floating one would run off the screen).
 */
export function DownloadPanel({
  action,
  pdfs,
  slides,
  slidesLabel,
  size = "small",
}: {
  action: string;
  pdfs: PdfChoice[];
  slides?: string;
  slidesLabel?: string;
  size?: ButtonSize;
}) {
  const t = useT();
  const paper = useRef<HTMLSelectElement>(null);
  // The server renders A4; the browser's region picks Letter where it is the norm.
  useEffect(() => {
    try {
      const region = new Intl.Locale(navigator.language).maximize().region;
      if (region && LETTER_REGIONS.has(region) && paper.current) paper.current.value = "letter";
    } catch {
      // An unknown language tag: A4.
    }
  }, []);
  return (
    <details
      className="group relative print:hidden"
      data-testid="downloads"
      // Escape closes the panel and gives the focus back to its button.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
        event.stopPropagation();
      }}
    >
      <summary className={buttonClasses("white", size, "cursor-pointer list-none")}>
        <DownloadIcon className="size-4" />
        {t("download.title")}
      </summary>
      <form
        method="get"
        action={action}
        className="mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:end-0 sm:z-20"
      >
        <label className="block text-sm font-medium text-ink">
          {t("download.paper")}
          <select
            name="paper"
            ref={paper}
            defaultValue="a4"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="a4">{t("download.a4")}</option>
            <option value="letter">{t("download.letter")}</option>
          </select>
        </label>
        <div className="flex flex-col gap-2">
          {pdfs.map((pdf) => (
            <button
              key={pdf.part}
              type="submit"
              name="part"
              value={pdf.part}
              className={buttonClasses("white", "small", "w-full justify-center")}
            >
              {pdf.label}
            </button>
          ))}
          {slides ? (
            <a
              href={slides}
              download
              className={buttonClasses("white", "small", "w-full justify-center")}
            >
              {slidesLabel}
            </a>
          ) : null}
        </div>
      </form>
    </details>
  );
}
