/**
 * Spec §8: a failed lazy chunk load, or any of the three browsers' module-load failure
 * messages, reloads the app at the target route (the route the user was going to, not the
 * page being left). A guard in sessionStorage stops a loop when the server itself is broken.
 */
const MODULE_LOAD_FAILURES = [
  "error loading dynamically imported module",
  "Importing a module script failed",
  "Failed to fetch dynamically imported module",
] as const;

const GUARD_KEY = "parley:module-reload";
const GUARD_WINDOW_MS = 10_000;

export function isModuleLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return MODULE_LOAD_FAILURES.some((m) => message.includes(m));
}

/**
 * Reloads the document at `target` (the route the user was going to, with its query and
 * hash). Returns false when it already did so for the same target a moment ago.
 */
export function reloadAt(target: string): boolean {
  try {
    const last = JSON.parse(window.sessionStorage.getItem(GUARD_KEY) ?? "null") as {
      target: string;
      at: number;
    } | null;
    if (last && last.target === target && Date.now() - last.at < GUARD_WINDOW_MS) return false;
    window.sessionStorage.setItem(GUARD_KEY, JSON.stringify({ target, at: Date.now() }));
  } catch {
    // Storage unavailable: reload anyway, once per page life.
  }
  window.location.assign(target);
  return true;
}

const PENDING_KEY = "parley:pending-navigation";

interface PendingNavigation {
  from: string;
  to: string;
  at: number;
}

/**
 * Notes the client navigation under way (`to`, an app path with query and hash), or clears
 * the note when none is. React Router answers a route module that fails to load by reloading
 * the page being left; the note lets the reloaded page continue to where the user was going.
 */
function notePendingNavigation(to: string | null): void {
  try {
    if (to === null) window.sessionStorage.removeItem(PENDING_KEY);
    else {
      const note: PendingNavigation = { from: window.location.href, to, at: Date.now() };
      window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(note));
    }
  } catch {
    // Storage unavailable: a failed chunk then reloads the page being left.
  }
}

interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The part of React Router's data router (`window.__reactRouterDataRouter`) used here. */
interface NavigationSource {
  subscribe(
    listener: (state: { navigation: { location?: RouterLocation | null } }) => void,
  ): () => void;
}

/**
 * Notes every navigation the moment the router starts it. The router's subscribers run
 * synchronously, before it imports the target's route module; a React effect would run after
 * a render, which on a busy machine can come after a failed import has already reloaded the
 * page, and the note would be missing. Returns the unsubscribe, or null without a router.
 */
export function noteNavigationsOf(router: NavigationSource | undefined): (() => void) | null {
  if (!router) return null;
  return router.subscribe(({ navigation }) => {
    const to = navigation.location;
    notePendingNavigation(to ? `${to.pathname}${to.search}${to.hash}` : null);
  });
}

/** The navigation under way, if one was noted on this page a moment ago. */
export function pendingNavigation(): string | null {
  try {
    const note = JSON.parse(
      window.sessionStorage.getItem(PENDING_KEY) ?? "null",
    ) as PendingNavigation | null;
    if (!note || note.from !== window.location.href) return null;
    if (Date.now() - note.at > GUARD_WINDOW_MS) return null;
    return note.to;
  } catch {
    return null;
  }
}

/**
 * On page start: when this document is a reload of a page whose navigation was cut short a
 * moment ago, goes on to that navigation's target (once; the reload guard stops loops).
 * Returns true when the browser is leaving for it, so the caller should not hydrate.
 */
export function resumeInterruptedNavigation(): boolean {
  const entry = window.performance?.getEntriesByType?.("navigation")[0] as
    PerformanceNavigationTiming | undefined;
  const target = pendingNavigation();
  notePendingNavigation(null);
  if (!target || entry?.type !== "reload") return false;
  return reloadAt(target);
}
