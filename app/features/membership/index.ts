// The membership feature's public module (browser and server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { CurrencySwitcher } from "./currency-switcher";
export { MAX_SCHOOL_SEATS, PRICES, formatPrice, yearlySavingPercent } from "./prices";
export type { Currency } from "./prices";
export { PromotionsSchema } from "./promotions";
