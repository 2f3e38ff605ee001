import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";
import { isDashboardPath } from "~/lib/routing/guards";
import { isModuleLoadFailure, reloadAt } from "./module-reload";
import { dataKey } from "~/lib/i18n/translate";
import { LocalDateTime } from "~/components/ui/local-time";

/** Status codes with their own title and message (spec §2.7). */
const KNOWN_STATUSES = [400, 401, 403, 404, 405, 410, 413, 429, 500, 503] as const;

export interface ErrorView {
  status: number;
  title: string;
  message: string;
  maintenance: boolean;
  /** During maintenance: the operator's note and expected end, when they gave them. */
  note?: string | null;
  until?: string | null;
}

interface Detail {
  status: number;
  detail: string;
  maintenance: boolean;
  note?: string | null;
  until?: string | null;
}

function errorDetail(error: unknown): Detail {
  if (isRouteErrorResponse(error)) {
    const payload = error.data as unknown;
    const maintenance = typeof payload === "object" && payload !== null && "maintenance" in payload;
    let detail = "";
    if (typeof payload === "string") detail = payload;
    else if (typeof payload === "object" && payload !== null && "error" in payload)
      detail = String(payload.error);
    if (maintenance) {
      const { message, until } = payload as { message?: unknown; until?: unknown };
      return {
        status: error.status,
        detail,
        maintenance,
        note: typeof message === "string" ? message : null,
        until: typeof until === "string" ? until : null,
      };
    }
    return { status: error.status, detail, maintenance };
  }
  if (error instanceof Error) return { status: 500, detail: error.message, maintenance: false };
  return { status: 500, detail: "", maintenance: false };
}

function useErrorView(error: unknown, pathname: string): ErrorView {
  const t = useT();
  const { status, detail, maintenance, note, until } = errorDetail(error);
  const known = (KNOWN_STATUSES as readonly number[]).includes(status);
  if (maintenance) {
    return {
      status,
      maintenance,
      title: t("maintenance.title"),
      message: t("maintenance.message"),
      note,
      until,
    };
  }
  if (!known) {
    return {
      status,
      maintenance,
      title: t("error.default.title", { status: String(status) }),
      message: detail,
    };
  }
  return {
    status,
    maintenance,
    title: t(dataKey(`error.${status}.title`)),
    message:
      status === 404
        ? t("error.404.message", { path: pathname })
        : t(dataKey(`error.${status}.message`)),
  };
}

/** The error page: status code, title and message, and a way back. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const locale = useLocale();
  const t = useT();
  const view = useErrorView(error, location.pathname);
  const home = isDashboardPath(location.pathname) ? "/dashboard" : localizePath("/", locale.code);

  useEffect(() => {
    if (isModuleLoadFailure(error))
      reloadAt(`${location.pathname}${location.search}${location.hash}`);
  }, [error, location.pathname, location.search, location.hash]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-50 to-white px-6 py-16">
      <title>{view.title}</title>
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <a
          href={home}
          className="mx-auto mb-6 inline-flex items-center gap-2 text-lg font-bold text-brand-700"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Parley
        </a>
        {view.maintenance ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-600">
            {t("maintenance.badge")}
          </p>
        ) : (
          <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
            {view.status}
          </p>
        )}
        <h1 className="mt-3 text-2xl font-semibold text-ink">{view.title}</h1>
        {view.message ? <p className="mt-3 break-words text-slate-600">{view.message}</p> : null}
        {view.note ? (
          <p
            className="mt-4 whitespace-pre-line break-words rounded-xl bg-slate-50 p-4 text-start text-slate-800"
            dir="auto"
            data-testid="maintenance-note"
          >
            {view.note}
          </p>
        ) : null}
        {view.until ? (
          <p className="mt-4 text-slate-700" data-testid="maintenance-until">
            {t("maintenance.until")} <LocalDateTime value={view.until} />
          </p>
        ) : null}
        {view.maintenance ? null : (
          <a
            href={home}
            className="mt-8 inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {isDashboardPath(location.pathname) ? t("error.backToDashboard") : t("error.backHome")}
          </a>
        )}
      </div>
    </main>
  );
}
