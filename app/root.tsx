import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getServices } from "~/lib/context.server";
import { getPublicEnv } from "~/lib/env.server";
import { messagesUrl } from "~/lib/i18n/client";
import {
  detectLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  readCookie,
} from "~/lib/i18n/detect";
import { DEFAULT_LOCALE, getLocale } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { useNonce } from "~/lib/nonce";
import { routeLocale, splitLocalePrefix } from "~/lib/routing/paths";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const cookieLocale = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
  const fromRoute = routeLocale(url.pathname);
  const locale = detectLocale({
    cookie: cookieLocale,
    acceptLanguage: request.headers.get("accept-language"),
    routeLocale: fromRoute,
  });
  const headers = new Headers();
  // A visitor who arrives on a page in their language keeps it on pages without a prefix.
  if (!cookieLocale && splitLocalePrefix(url.pathname).prefix && fromRoute) {
    headers.append(
      "Set-Cookie",
      `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
    );
  }
  return data(
    {
      locale,
      i18n: {
        hash: services.i18n.get(locale).hash,
        fallbackHash: services.i18n.get(DEFAULT_LOCALE).hash,
      },
      env: getPublicEnv(services.env),
      buildId: services.build.id,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = getLocale(rootData?.locale ?? DEFAULT_LOCALE);
  const i18nBoot = rootData
    ? { locale: locale.code, hash: rootData.i18n.hash, fallbackHash: rootData.i18n.fallbackHash }
    : null;
  return (
    <html lang={locale.iso} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d35d7" />
        {i18nBoot ? <meta name="parley-i18n" content={JSON.stringify(i18nBoot)} /> : null}
        {i18nBoot ? (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={messagesUrl(i18nBoot.hash, i18nBoot.locale)}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  let status = 500;
  let detail: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = typeof error.data === "string" ? error.data : undefined;
  } else if (error instanceof Error) {
    detail = error.message;
  }
  const pathname = typeof window === "undefined" ? "" : window.location.pathname;
  const title =
    t(`error.${status}.title`) === `error.${status}.title`
      ? t("error.default.title", { status: String(status) })
      : t(`error.${status}.title`);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{title}</title>
      <p className="text-6xl font-bold text-brand-700">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {detail ? <p className="text-slate-600">{detail}</p> : null}
      <a
        className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white"
        href={pathname.startsWith("/dashboard") ? "/dashboard" : "/"}
      >
        {t("error.back")}
      </a>
    </main>
  );
}
