import { createContext, useContext } from "react";

/**
 * Whether this document loads the app's JavaScript. Pages whose route handle says
 * `hydrate: false` (the landing pages) are sent as plain HTML that works on its own, so
 * components render their no-JavaScript form there (a submit button instead of an
 * auto-submitting select, a link instead of a click handler).
 */
export const HydrationContext = createContext(true);

export function useHydrates(): boolean {
  return useContext(HydrationContext);
}

interface HydrationHandle {
  hydrate?: boolean;
}

/** A page hydrates unless a matched route opts out, or the visitor asked for the chat. */
export function pageHydrates(matches: readonly { handle?: unknown }[], search: string): boolean {
  if (new URLSearchParams(search).has("chat")) return true;
  return !matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate === false);
}
