// The auth feature's public module (browser and server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { LIMITS } from "./limits";
export { EmailSchema, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RECOMMENDED } from "./schemas";
