/**
 * Spec §8: a failed lazy chunk load, or any of the three browsers' module-load failure
 * messages, reloads the app at the target route. A guard in sessionStorage stops a loop
 * when the server itself is broken.
 */
export const MODULE_LOAD_FAILURES = [
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
