import { createContext, useContext, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";

/**
 * A page whose forms each post to their own route (one form per route module, issue 20).
 *
 * With JavaScript the page's forms share one fetcher (`usePageForms(page)`), so the answer
 * shows in place, the address stays, and a form sent replaces the answer of the one before,
 * as a single page action did. Without JavaScript the browser lands on the form's route,
 * which renders the same page inside `<PostedAnswer value={actionData}>`. Like an action's
 * data, an answer lasts until the next navigation (the fetcher's key has the location's).
 */
const Posted = createContext<unknown>(undefined);

export function PostedAnswer({ value, children }: { value: unknown; children: ReactNode }) {
  return <Posted.Provider value={value}>{children}</Posted.Provider>;
}

/** The page's shared fetcher and the latest answer of any of its forms. */
export function usePageForms<A>(page: string) {
  const fetcher = useFetcher<A>({ key: `page-forms:${page}:${useLocation().key}` });
  const posted = useContext(Posted) as A | undefined;
  return { fetcher, answer: (fetcher.data as A | undefined) ?? posted };
}
