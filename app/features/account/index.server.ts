// The account feature's public module (server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { ensureUser, hasPassword, issueSetPasswordLink } from "./admin-tasks.server";
export {
  buildProfileView,
  listOrganizationMembers,
  loadUserOrganization,
  pageUserOrganization,
} from "./profile.server";
export type { UserOrganization } from "./profile.server";
export type { ProfileView } from "./profile.server";
