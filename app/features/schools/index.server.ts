// The schools feature's public module (server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { describeInvite, schoolRoster, SchoolActionError } from "./schools.server";
export type { InviteView, SchoolRoster } from "./schools.server";
