/**
 * Spec §6 and §9: the support inbox shows, per user, a bot-score marker and the parity
 * discount support may offer.
 *
 * The bot-risk score (rcs) runs from 0 (surely a bot) to 1 (surely a person). Markers: up to
 * 0.1 red, up to 0.3 orange, up to 0.7 yellow, nothing above.
 *
 * The parity discount applies to teachers in the very low-income country groups below: 50, 40,
 * 30, 20, 15 and 10 percent for scores in 0.1–0.2 … 0.6–0.7 (a band includes its lower bound),
 * 0 from 0.7 and below 0.1 (a likely bot is not offered one), and always 0 for Poland, Belarus,
 * Russia and Ukraine. Interpretation (decision recorded in the README): "score" is the same
 * rcs as the markers, as §6 says the score drives the figure; a user with no score has none.
 */

export type BotMarker = "red" | "orange" | "yellow";

export function botScoreMarker(rcs: number | null | undefined): BotMarker | null {
  if (rcs === null || rcs === undefined || !Number.isFinite(rcs) || rcs < 0) return null;
  if (rcs <= 0.1) return "red";
  if (rcs <= 0.3) return "orange";
  if (rcs <= 0.7) return "yellow";
  return null;
}

/** Lower bound of each band and its discount in percent, highest band first. */
const PARITY_BANDS: ReadonlyArray<readonly [number, number]> = [
  [0.7, 0],
  [0.6, 10],
  [0.5, 15],
  [0.4, 20],
  [0.3, 30],
  [0.2, 40],
  [0.1, 50],
];

/** Countries that never get a parity discount, whatever their group (spec §9). */
export const PARITY_EXCLUDED = new Set(["PL", "BY", "RU", "UA"]);

/**
 * The very low-income country groups, as ISO 3166-1 alpha-2 codes. Source: World Bank,
 * "World Bank country classifications by income level", fiscal year 2025 (published 1 July
 * 2024; GNI per capita by the Atlas method): the "low income" and "lower-middle income"
 * groups. The World Bank updates the table every 1 July; review this list then.
 */
// prettier-ignore
export const PARITY_COUNTRY_GROUPS = {
  source:
    "World Bank country classifications by income level, FY2025 (1 July 2024): low income and lower-middle income",
  groups: {
    lowIncome: [
      "AF", "BF", "BI", "CD", "CF", "ER", "ET", "GM", "GW", "KP", "LR", "MG", "MW", "ML",
      "MZ", "NE", "RW", "SD", "SL", "SO", "SS", "SY", "TD", "TG", "UG", "YE",
    ],
    lowerMiddleIncome: [
      "AO", "BD", "BJ", "BO", "BT", "CI", "CG", "CM", "CV", "DJ", "EG", "FM", "GH", "GN",
      "HN", "HT", "IN", "JO", "KE", "KG", "KH", "KI", "KM", "LA", "LB", "LK", "LS", "MA",
      "MM", "MN", "MR", "NG", "NI", "NP", "PG", "PH", "PK", "PS", "SB", "SN", "ST", "SZ",
      "TJ", "TL", "TN", "TZ", "UZ", "VN", "VU", "WS", "ZM", "ZW",
    ],
  },
} as const;

const PARITY_COUNTRIES: ReadonlySet<string> = new Set(
  Object.values(PARITY_COUNTRY_GROUPS.groups).flat(),
);

export function inParityGroup(countryCode: string | null | undefined): boolean {
  if (!countryCode) return false;
  const code = countryCode.toUpperCase();
  return PARITY_COUNTRIES.has(code) && !PARITY_EXCLUDED.has(code);
}

/** The discount in percent support may offer this user (0 when none). */
export function parityDiscount(
  countryCode: string | null | undefined,
  rcs: number | null | undefined,
): number {
  if (!inParityGroup(countryCode)) return 0;
  if (rcs === null || rcs === undefined || !Number.isFinite(rcs)) return 0;
  for (const [lower, percent] of PARITY_BANDS) if (rcs >= lower) return percent;
  return 0;
}

/** What the support inbox shows about a user's score and discount. */
export function supportSignals(countryCode: string | null, rcs: number | null) {
  const score = rcs === null || !Number.isFinite(Number(rcs)) ? null : Number(rcs);
  return {
    rcs: score,
    botMarker: botScoreMarker(score),
    countryCode,
    parityDiscount: parityDiscount(countryCode, score),
  };
}
