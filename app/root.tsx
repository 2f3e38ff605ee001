import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { buildProfileView, pageUserOrganization } from "~/features/account/profile.server";
import { hasNewUpdate } from "~/features/changelog/changelog";
import { featureLabOpenedAt, latestChangelogDate } from "~/features/changelog/changelog.server";
import { VERSIONS_META } from "~/features/content/preload";
import { contentStore } from "~/features/content/store.server";
import { AppEffects } from "~/shell/app-effects";
import { clientNavigationMiddleware } from "~/shell/client-middleware";
import { GeneralErrorBoundary } from "~/shell/error-boundary";
import type { RootData } from "~/features/site/root-data";
import { SeoLinks } from "~/shell/seo-links";
import { getUser, sessionExtras } from "~/lib/auth/session.server";
import { promotionOffer } from "~/features/membership/promotions.server";
import { unreadCount } from "~/features/notifications/notifications.server";
import { getServices } from "~/lib/context.server";
import { getPublicEnv } from "~/lib/env.server";
import { messagesUrl } from "~/lib/i18n/client";
import { HydrationContext, pageHydrates } from "~/lib/hydration";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "~/lib/i18n/detect";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import { DEFAULT_LOCALE, getLocale } from "~/lib/i18n/locales";
import { useNonce } from "~/lib/nonce";
import { cookieValue, featureLabCookie, hasCookie, signedUpCookie } from "~/lib/routing/cookies";
import { requestMiddleware } from "~/lib/routing/middleware.server";
import { routeLocale, splitLocalePrefix } from "~/lib/routing/paths";

export const middleware: Route.MiddlewareFunction[] = requestMiddleware;
export { passThroughHeaders as headers } from "~/lib/route-headers";
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [clientNavigationMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<ReturnType<typeof data<RootData>>> {
  const services = getServices(context);
  const user = getUser(context);
  const cookieHeader = request.headers.get("cookie");
  // A signed-in user's chosen interface language counts as their cookie.
  const locale = pageLocale(request, context);
  const now = services.clock.now();
  // What a signed-in page needs is asked for at once, not one query after another (issue 19).
  const membership = user ? pageUserOrganization(services.db, user) : null;
  const [offer, organization, changelogDate, unreadNotifications, store] = await Promise.all([
    // A running promotion is offered (a button claims it with a POST); a GET grants nothing.
    user ? promotionOffer(services, user, now, membership ?? undefined) : null,
    membership,
    user ? latestChangelogDate(services.database, now) : null,
    user ? (sessionExtras(user)?.unreadNotifications ?? unreadCount(services, user.id)) : 0,
    contentStore(services.database),
  ]);
  const profile = user ? buildProfileView(user, organization, now) : null;
  const featureLabHasNew = user
    ? hasNewUpdate(
        changelogDate,
        featureLabOpenedAt(
          await cookieValue(featureLabCookie, cookieHeader),
          user.data.featureLabOpenedAt,
        ),
        now,
      )
    : false;
  return data({
    locale,
    i18n: {
      hash: services.i18n.get(locale).hash,
      fallbackHash: services.i18n.get(DEFAULT_LOCALE).hash,
    },
    // The support address as the operator set it in Admin → Site settings.
    env: { ...getPublicEnv(services.env), supportEmail: services.flags.getOperator().supportEmail },
    buildId: services.build.id,
    profile,
    featureLabHasNew,
    promotionOffer: offer ? { until: offer.accessUntil.toISOString() } : null,
    unreadNotifications,
    // Any value counts, as in the page cache's key (app/lib/page-cache.server.ts).
    signedUpBefore: hasCookie(signedUpCookie, cookieHeader),
    contentVersions: store.versions,
  });
}

/**
 * The root loader re-runs after actions and when a navigation changes language (so the
 * page gets the right messages); otherwise its data stays.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (routeLocale(currentUrl.pathname) !== routeLocale(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData("root") as RootData | undefined;
  const nonce = useNonce();
  const locale = getLocale(rootData?.locale ?? DEFAULT_LOCALE);
  const location = useLocation();
  const hydrates = pageHydrates(useMatches(), location.search);
  const i18nBoot =
    rootData && hydrates
      ? { locale: locale.code, hash: rootData.i18n.hash, fallbackHash: rootData.i18n.fallbackHash }
      : null;
  return (
    <html lang={locale.iso} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d35d7" />
        {i18nBoot ? <meta name="parley-i18n" content={JSON.stringify(i18nBoot)} /> : null}
        {rootData ? (
          <meta name={VERSIONS_META} content={JSON.stringify(rootData.contentVersions)} />
        ) : null}
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
        {rootData ? <SeoLinks origin={rootData.env.appOrigin} /> : null}
      </head>
      <body className="font-sans antialiased">
        <HydrationContext.Provider value={hydrates}>{children}</HydrationContext.Provider>
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : splitLocalePrefix(location.pathname).prefix ? (
          // Plain-HTML pages still remember a language arrived at through its prefix.
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html: `document.cookie.indexOf("${LOCALE_COOKIE}=")<0&&(document.cookie="${LOCALE_COOKIE}=${encodeURIComponent(locale.code)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax")`,
            }}
          />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <AppEffects />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
