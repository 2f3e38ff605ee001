import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import type { CollectionName } from "~/features/content/collections";
import { preloadCollections } from "~/features/content/preload";
import { supportChat, wantsChat } from "~/features/support/chat-store";
import { loadMessages } from "~/lib/i18n/client";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, readCookie } from "~/lib/i18n/detect";
import { useI18nStore } from "~/lib/i18n/react";
import { routeLocale, splitLocalePrefix } from "~/lib/routing/paths";
import { clientState, loadRouteRulesManifest, refreshBuildState } from "./client-state";
import {
  isModuleLoadFailure,
  noteNavigationsOf,
  pendingNavigation,
  reloadAt,
} from "./module-reload";
import { useRootData } from "~/features/site/root-data";
import { HOUR_MS } from "~/lib/time";

const VERSION_CHECK_MS = HOUR_MS;
/** Spec §9: when the hash target is not on the page yet, try once more after 500 ms. */
const HASH_SCROLL_FALLBACK_MS = 500;

function postQuietly(url: string) {
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
    .then(async (r) => {
      await r.text();
      if (!r.ok) console.warn(`${url} answered ${r.status}`);
    })
    .catch((error: unknown) => console.warn(`${url} failed`, error));
}

/** Browser-only behaviour of every page; renders nothing. */
export function AppEffects() {
  const root = useRootData();
  const location = useLocation();
  const buildId = root?.buildId ?? "";
  const profile = root?.profile ?? null;

  // Arriving on a page in a language keeps that language on pages without a prefix. Set
  // here rather than by the server so that public pages stay cacheable (no Set-Cookie).
  const locale = root?.locale;
  useEffect(() => {
    if (!locale || !splitLocalePrefix(location.pathname).prefix) return;
    if (routeLocale(location.pathname) !== locale) return;
    if (readCookie(document.cookie, LOCALE_COOKIE)) return;
    document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }, [locale, location.pathname]);

  // The interface language changed without a page load (the account page's language, a
  // client navigation to another language's page): load that language's messages and switch.
  const store = useI18nStore();
  const messagesHash = root?.i18n?.hash;
  const fallbackHash = root?.i18n?.fallbackHash ?? "";
  useEffect(() => {
    if (!locale || !messagesHash || store.getSnapshot().locale === locale) return;
    let current = true;
    void loadMessages({ locale, hash: messagesHash, fallbackHash }).then((loaded) => {
      if (current) store.set(loaded.locale, loaded.messages);
    });
    return () => {
      current = false;
    };
  }, [locale, messagesHash, fallbackHash, store]);

  // Content pages name the collections they read; their local copies load after first paint.
  const matches = useMatches();
  const collections = matches.flatMap(
    (m) =>
      (m.handle as { contentCollections?: CollectionName[] } | undefined)?.contentCollections ?? [],
  );
  const collectionKey = collections.join(",");
  useEffect(() => {
    if (collectionKey) preloadCollections(collectionKey.split(",") as CollectionName[]);
  }, [collectionKey]);

  // New versions: hourly and whenever the tab regains focus.
  useEffect(() => {
    if (!buildId) return;
    clientState.buildId = buildId;
    void loadRouteRulesManifest();
    const check = () => void refreshBuildState();
    const timer = window.setInterval(check, VERSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [buildId]);

  // Failed chunk or module loads reload the app at the route the user was going to: the
  // navigation under way is noted, for our handlers and for the page React Router reloads
  // when a route module fails (entry.client.tsx goes on from there).
  useEffect(
    () =>
      noteNavigationsOf(
        (window as { __reactRouterDataRouter?: Parameters<typeof noteNavigationsOf>[0] })
          .__reactRouterDataRouter,
      ) ?? undefined,
    [],
  );
  useEffect(() => {
    const destination = () => pendingNavigation() ?? window.location.href;
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadAt(destination());
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isModuleLoadFailure(event.reason)) {
        event.preventDefault();
        reloadAt(destination());
      }
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  // ?chat on any page opens the support chat.
  useEffect(() => {
    if (wantsChat(location.search)) supportChat.open();
  }, [location.search]);

  // Hash targets that render late (after data or a lazy component) still get scrolled to.
  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    if (document.getElementById(id)) return;
    const timer = window.setTimeout(
      () => document.getElementById(id)?.scrollIntoView(),
      HASH_SCROLL_FALLBACK_MS,
    );
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash]);

  // Spec §4.3: stale subscription statuses are re-checked after page start.
  const recheckUser = profile?.needsSubscriptionRecheck ?? false;
  const recheckOrg = profile?.organization?.needsRecheck ?? false;
  useEffect(() => {
    if (recheckUser) postQuietly("/api/stripe/check");
    if (recheckOrg) postQuietly("/api/stripe/check-organization");
  }, [recheckUser, recheckOrg]);

  // Spec §7: a captcha score for the signed-in user, once per browser session (in the
  // background; the proof-of-work takes about a tenth of a second).
  const userId = profile?.id;
  const recaptchaSiteKey = root?.env.recaptchaSiteKey ?? null;
  const turnstileSiteKey = root?.env.turnstileSiteKey ?? null;
  useEffect(() => {
    if (!userId) return;
    const key = `parley:rcs:${userId}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
    // Signing out (the user changes) ends the report: its session would refuse it. A report
    // ended unfinished may run again later in this browser session.
    const abort = new AbortController();
    let finished = false;
    import("~/features/auth/captcha-field")
      .then(({ reportCaptchaScore }) =>
        reportCaptchaScore({ recaptchaSiteKey, turnstileSiteKey }, userId, abort.signal),
      )
      .catch((error: unknown) => console.warn("Captcha score could not be reported", error))
      .finally(() => {
        finished = true;
      });
    return () => {
      if (finished) return;
      abort.abort();
      sessionStorage.removeItem(key);
    };
  }, [userId, recaptchaSiteKey, turnstileSiteKey]);

  // Spec §4.2: a user without a country or security data gets a geo lookup.
  const needsGeo = profile?.needsGeoLookup ?? false;
  useEffect(() => {
    // Once per browser session: an address no database knows (a school network) stays unknown.
    if (!needsGeo || sessionStorage.getItem("parley:geo")) return;
    sessionStorage.setItem("parley:geo", "1");
    fetch("/api/user/gl")
      .then((response) => response.text())
      .catch((error: unknown) => console.warn("Geo lookup failed", error));
  }, [needsGeo]);

  return null;
}
