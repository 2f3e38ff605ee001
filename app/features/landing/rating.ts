import { DAY_MS } from "~/lib/time";

export interface PublicRating {
  value: number;
  count: number;
  /** "configured": the operator's PUBLIC_RATING and count; "reviews": collected in the app. */
  source: "configured" | "reviews";
}

/**
 * The rating shown on the public site (spec §1, §9): PUBLIC_RATING with a review count of
 * one per whole day since RATING_COUNT_BASE_DATE (2022-01-01 by default). Once the app has
 * collected reviews of its own, pass them in and they are shown instead.
 */
export function publicRating(
  config: { PUBLIC_RATING: number; RATING_COUNT_BASE_DATE: Date },
  now: Date,
  collected?: { average: number; count: number } | null,
): PublicRating {
  if (collected && collected.count > 0)
    return {
      value: Math.round(collected.average * 10) / 10,
      count: collected.count,
      source: "reviews",
    };
  const days = Math.floor((now.getTime() - config.RATING_COUNT_BASE_DATE.getTime()) / DAY_MS);
  return { value: config.PUBLIC_RATING, count: Math.max(0, days), source: "configured" };
}
