import { useRouteLoaderData } from "react-router";
import type { ProfileView } from "~/features/account/index.server";
import type { PublicEnv } from "~/lib/env.server";

/** What the root loader gives every page. */
export interface RootData {
  locale: string;
  i18n: { hash: string; fallbackHash: string };
  env: PublicEnv;
  buildId: string;
  profile: ProfileView | null;
  /** The Feature Lab has an update the user has not seen (spec §4.5). */
  featureLabHasNew: boolean;
  /** A promotion the signed-in free teacher may claim now (until when it gives premium). */
  promotionOffer: { until: string } | null;
  /** Unread notifications when the page was loaded (kept current by server-sent events). */
  unreadNotifications: number;
  signedUpBefore: boolean;
  /** Version of each content collection (for the browser's local copies, spec §7). */
  contentVersions: Partial<Record<string, string>>;
}

/** The root loader's data; undefined only while an error is shown before it loaded. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useProfile(): ProfileView | null {
  return useRootData()?.profile ?? null;
}
