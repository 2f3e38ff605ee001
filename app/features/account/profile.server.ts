import { eq } from "drizzle-orm";
import { organizationMembers, organizations, users } from "@db/schema";
import {
  sessionExtras,
  type SessionOrganization,
  type SessionUser,
} from "~/lib/auth/session.server";
import type { Database } from "~/lib/db.server";
import {
  avatarInitials,
  daysLeft,
  hasGift,
  hasTrialOffer,
  isAdminRole,
  isOrganizationPremium,
  isPremiumActive,
  isPremiumMember,
  isStudentRole,
  isTrialActive,
  needsSubscriptionRecheck,
  shouldAskReview,
} from "./user-states";

type MemberRole = "owner" | "admin" | "member";

/** The signed-in user's school and their role in it. */
export type UserOrganization = SessionOrganization;

/** An organization's members by name, with their addresses (for its managers' roster). */
export async function listOrganizationMembers(db: Database, organizationId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(users.lastName, users.firstName);
}

/** The organization a user belongs to (at most one), with the user's role in it. */
export async function loadUserOrganization(
  db: Database,
  userId: string,
): Promise<UserOrganization | null> {
  const rows = await db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId));
  return rows[0] ?? null;
}

/** Page reads of a request's signed-in user's school, by the request's user object. */
const pageReads = new WeakMap<SessionUser, Promise<UserOrganization | null>>();

/**
 * The signed-in user's school for a page's loaders: the root loader and the page's own
 * (the library's viewer) run side by side and ask once (issue 19). Keyed by the request's
 * user object, so it lasts one request. Loaders only: an action that changes the school
 * reads `loadUserOrganization`, and the loaders after it are the first to ask here.
 */
export function pageUserOrganization(
  db: Database,
  user: SessionUser,
): Promise<UserOrganization | null> {
  let read = pageReads.get(user);
  if (!read) {
    const extras = sessionExtras(user);
    read = extras ? Promise.resolve(extras.organization) : loadUserOrganization(db, user.id);
    pageReads.set(user, read);
  }
  return read;
}

/** What the dashboard shows about the signed-in user (spec §3 "profile view"). */
export interface ProfileView {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  initials: string;
  avatar: number;
  organization: {
    id: string;
    name: string;
    role: MemberRole;
    isPremium: boolean;
    needsRecheck: boolean;
  } | null;
  hasTrialOffer: boolean;
  hasGift: boolean;
  isTrialActive: boolean;
  askReview: boolean;
  isAdmin: boolean;
  isStudent: boolean;
  isPremiumMember: boolean;
  isOrganizationPremiumMember: boolean;
  /** Any of personal premium, trial (or promotion) and organization premium. */
  isPremiumActive: boolean;
  /**
   * The trial or promotion in progress, for the top-bar indicator. None while a premium
   * school covers the teacher: its end would change nothing, so the school's plan is shown.
   */
  trial: {
    expiresAt: string;
    daysLeft: number;
    promotion: "wosp" | "thanksgiving" | "grant" | null;
  } | null;
  /** The personal subscription's status is due for a re-check (spec §4.3). */
  needsSubscriptionRecheck: boolean;
  /** No country or no security data yet: the browser asks /api/user/gl (spec §4.2). */
  needsGeoLookup: boolean;
  locale: string | null;
}

/** Built on the server by this one function, from the session user and their organization. */
export function buildProfileView(
  user: SessionUser,
  membership: UserOrganization | null,
  now: Date,
): ProfileView {
  const d = user.data;
  const trialActive = isTrialActive(d, now);
  const org = membership?.organization ?? null;
  const orgPremium = isOrganizationPremium(org);
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    initials: avatarInitials(user.firstName, user.lastName),
    avatar: d.avatar,
    organization:
      org && membership
        ? {
            id: org.id,
            name: org.name,
            role: membership.role,
            isPremium: orgPremium,
            needsRecheck: needsSubscriptionRecheck(org, now),
          }
        : null,
    hasTrialOffer: hasTrialOffer(),
    hasGift: hasGift(),
    isTrialActive: trialActive,
    askReview: shouldAskReview(d),
    isAdmin: isAdminRole(d.role),
    isStudent: isStudentRole(d.role),
    isPremiumMember: isPremiumMember(d),
    isOrganizationPremiumMember: orgPremium,
    isPremiumActive: isPremiumActive(d, org, now),
    trial:
      trialActive && d.trialExpiresAt && !orgPremium
        ? {
            expiresAt: d.trialExpiresAt.toISOString(),
            daysLeft: daysLeft(d.trialExpiresAt, now),
            promotion: d.wosp
              ? "wosp"
              : d.thanksgiving
                ? "thanksgiving"
                : d.accessGrant
                  ? "grant"
                  : null,
          }
        : null,
    needsSubscriptionRecheck: needsSubscriptionRecheck(d, now),
    needsGeoLookup: !d.countryCode || !d.security,
    locale: d.locale,
  };
}
