import { useMatches } from "react-router";

/** Flags a route declares in its `handle` (spec §2.2). */
export interface RouteFlags {
  /** Shows the dashboard top bar. */
  dashboard?: boolean;
  /** The page has the search flag (the exercise library). */
  search?: boolean;
  /** Hides the notification banner (the account page). */
  hideNotificationBanner?: boolean;
}

export function useRouteFlags(): RouteFlags {
  const matches = useMatches();
  const flags: RouteFlags = {};
  for (const match of matches) {
    const handle = match.handle as RouteFlags | undefined;
    if (handle && typeof handle === "object") Object.assign(flags, handle);
  }
  return flags;
}
