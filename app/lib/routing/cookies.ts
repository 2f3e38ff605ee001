/** Marker that this browser has signed up before (spec §4.2): one year. */
export const SIGNED_UP_COOKIE = "parley_signed_up";
export const SIGNED_UP_MAX_AGE_S = 365 * 24 * 60 * 60;

/** When the Feature Lab was last opened (spec §4.5): kept "with a very long expiry". */
export const FEATURE_LAB_COOKIE = "parley_lab_opened";
export const FEATURE_LAB_MAX_AGE_S = 400 * 24 * 60 * 60;

export function serializeCookie(
  name: string,
  value: string,
  maxAgeS: number,
  httpOnly = false,
): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${httpOnly ? "; HttpOnly" : ""}`;
}
