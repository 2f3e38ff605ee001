import { createHash, randomBytes, randomUUID } from "node:crypto";
import { listOrganizationMembers } from "~/features/account/index.server";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  notifications,
  organizationInvites,
  organizationMembers,
  organizations,
  userData,
  users,
} from "@db/schema";
import { loadUserOrganization } from "~/features/account/index.server";
import { notify } from "~/features/notifications/index.server";
import { inTransaction } from "~/lib/db.server";
import { mailBrand, renderMail } from "~/lib/mail-templates.server";
import type { Services } from "~/lib/services.server";
import { addDays } from "~/lib/time";

/**
 * Schools (organizations): created by Parley's administrators with an owner, managed by
 * their owner and administrators, who invite teachers by e-mail. A teacher belongs to at
 * most one school; leaving (or being removed) keeps the teacher's own account and data.
 */

const INVITE_DAYS = 14;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SchoolError =
  | "not-found"
  | "not-manager"
  | "full"
  | "already-member"
  | "in-another-school"
  | "invite-invalid"
  | "invite-expired"
  | "invite-other-email"
  | "owner-cannot-leave"
  | "no-user";

export class SchoolActionError extends Error {
  constructor(readonly code: SchoolError) {
    super(code);
    this.name = "SchoolActionError";
  }
}

async function memberCount(services: Services, organizationId: string): Promise<number> {
  const [row] = await services.db
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/** An administrator creates a school for an existing teacher, who becomes its owner. */
export async function createSchool(
  services: Services,
  input: { name: string; ownerEmail: string; seats: number; countryCode: string | null },
): Promise<string> {
  const [owner] = await services.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, input.ownerEmail.trim().toLowerCase()));
  if (!owner) throw new SchoolActionError("no-user");
  if (await loadUserOrganization(services.db, owner.id))
    throw new SchoolActionError("in-another-school");
  const id = randomUUID();
  await services.db.transaction(async (tx) => {
    await tx.insert(organizations).values({
      id,
      name: input.name.trim(),
      seats: input.seats,
      countryCode: input.countryCode,
      billingEmail: owner.email,
    });
    await tx
      .insert(organizationMembers)
      .values({ organizationId: id, userId: owner.id, role: "owner" });
  });
  return id;
}

/** The school a user manages (owner or admin), or an error. */
async function managedSchool(services: Services, userId: string) {
  const membership = await loadUserOrganization(services.db, userId);
  if (!membership) throw new SchoolActionError("not-found");
  if (membership.role === "member") throw new SchoolActionError("not-manager");
  return membership.organization;
}

/** Sends (or re-sends) an invitation; answers the link for tests and the admin outbox. */
export async function inviteTeacher(
  services: Services,
  inviterId: string,
  input: { email: string; role: "admin" | "member" },
  now: Date = services.clock.now(),
): Promise<string> {
  const school = await managedSchool(services, inviterId);
  const email = input.email.trim().toLowerCase();
  const pending = await services.db
    .select({ n: count() })
    .from(organizationInvites)
    .where(
      and(
        eq(organizationInvites.organizationId, school.id),
        isNull(organizationInvites.acceptedAt),
        gt(organizationInvites.expiresAt, now),
      ),
    );
  if ((await memberCount(services, school.id)) + Number(pending[0]?.n ?? 0) >= school.seats)
    throw new SchoolActionError("full");
  const [existing] = await services.db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, school.id), eq(users.email, email)));
  if (existing) throw new SchoolActionError("already-member");
  // A new invitation replaces an open one for the same address.
  await services.db
    .delete(organizationInvites)
    .where(
      and(
        eq(organizationInvites.organizationId, school.id),
        eq(organizationInvites.email, email),
        isNull(organizationInvites.acceptedAt),
      ),
    );
  const token = randomBytes(24).toString("base64url");
  const [inviter] = await services.db
    .select({ firstName: users.firstName, lastName: users.lastName, locale: userData.locale })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.id, inviterId));
  const url = `${services.env.appOrigin}${inviteUrl(token)}`;
  // Someone with an account reads the invitation in their own language.
  const [invitee] = await services.db
    .select({ id: users.id, locale: userData.locale })
    .from(users)
    .leftJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.email, email));
  const message = await renderMail(
    services.i18n,
    invitee?.locale ?? inviter?.locale ?? "en",
    "organizationInvite",
    email,
    {
      url,
      brand: mailBrand(services.env, services.flags.getOperator()),
      values: {
        school: school.name,
        inviter: `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim() || school.name,
        days: String(INVITE_DAYS),
      },
    },
  );
  // The invitation and its mail commit together: no invitation without its mail.
  await inTransaction(services.db, async (tx) => {
    await tx.insert(organizationInvites).values({
      id: randomUUID(),
      organizationId: school.id,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: inviterId,
      expiresAt: addDays(now, INVITE_DAYS),
    });
    await services.mail.send(message, { db: tx });
  });
  services.mail.wake();
  if (invitee)
    await notify(services, invitee.id, {
      kind: "school",
      messageKey: "notifications.schoolInvite" as const,
      values: { school: school.name },
      url: inviteUrl(token),
    });
  return url;
}

export interface InviteView {
  school: string;
  email: string;
  role: "admin" | "member";
  expired: boolean;
  accepted: boolean;
}

async function inviteByToken(services: Services, token: string) {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const [row] = await services.db
    .select({ invite: organizationInvites, school: organizations.name })
    .from(organizationInvites)
    .innerJoin(organizations, eq(organizations.id, organizationInvites.organizationId))
    .where(eq(organizationInvites.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The address of an invitation in the app (the mailed link and the notification). */
function inviteUrl(token: string): string {
  return `/dashboard/membership?invite=${encodeURIComponent(token)}`;
}

/** What the invitation link shows before the teacher accepts. */
export async function describeInvite(
  services: Services,
  token: string,
  now: Date = services.clock.now(),
): Promise<InviteView | null> {
  const row = await inviteByToken(services, token);
  if (!row) return null;
  return {
    school: row.school,
    email: row.invite.email,
    role: row.invite.role,
    expired: row.invite.expiresAt.getTime() <= now.getTime(),
    accepted: row.invite.acceptedAt !== null,
  };
}

/** The signed-in teacher joins the school of an invitation sent to their address. */
export async function acceptInvite(
  services: Services,
  user: { id: string; email: string },
  token: string,
  now: Date = services.clock.now(),
): Promise<string> {
  const row = await inviteByToken(services, token);
  if (!row || row.invite.acceptedAt) throw new SchoolActionError("invite-invalid");
  if (row.invite.expiresAt.getTime() <= now.getTime())
    throw new SchoolActionError("invite-expired");
  if (row.invite.email !== user.email.toLowerCase())
    throw new SchoolActionError("invite-other-email");
  const current = await loadUserOrganization(services.db, user.id);
  if (current?.organization.id === row.invite.organizationId)
    throw new SchoolActionError("already-member");
  if (current) throw new SchoolActionError("in-another-school");
  const [school] = await services.db
    .select({ seats: organizations.seats })
    .from(organizations)
    .where(eq(organizations.id, row.invite.organizationId));
  if (!school) throw new SchoolActionError("invite-invalid");
  if ((await memberCount(services, row.invite.organizationId)) >= school.seats)
    throw new SchoolActionError("full");
  await services.db.transaction(async (tx) => {
    await tx.insert(organizationMembers).values({
      organizationId: row.invite.organizationId,
      userId: user.id,
      role: row.invite.role,
    });
    await tx
      .update(organizationInvites)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(eq(organizationInvites.id, row.invite.id));
    // The invitation's notification has done its work.
    await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.url, inviteUrl(token)),
          isNull(notifications.readAt),
        ),
      );
  });
  return row.school;
}

/** A teacher leaves their school (owners hand the school over first). Their data stays. */
export async function leaveSchool(services: Services, userId: string): Promise<void> {
  const membership = await loadUserOrganization(services.db, userId);
  if (!membership) throw new SchoolActionError("not-found");
  if (membership.role === "owner") throw new SchoolActionError("owner-cannot-leave");
  await services.db.delete(organizationMembers).where(eq(organizationMembers.userId, userId));
}

/** A manager removes a teacher (not the owner) from the school. */
export async function removeMember(
  services: Services,
  managerId: string,
  memberId: string,
): Promise<void> {
  const school = await managedSchool(services, managerId);
  const result = await services.db
    .delete(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, school.id),
        eq(organizationMembers.userId, memberId),
        sql`${organizationMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: organizationMembers.userId });
  if (result.length === 0) throw new SchoolActionError("not-found");
}

export async function revokeInvite(services: Services, managerId: string, inviteId: string) {
  const school = await managedSchool(services, managerId);
  await services.db
    .delete(organizationInvites)
    .where(
      and(eq(organizationInvites.id, inviteId), eq(organizationInvites.organizationId, school.id)),
    );
}

export interface SchoolRoster {
  members: { id: string; name: string; email: string; role: "owner" | "admin" | "member" }[];
  invites: { id: string; email: string; role: "admin" | "member"; expiresAt: string }[];
}

/** Members and open invitations, for the school's managers. */
export async function schoolRoster(
  services: Services,
  organizationId: string,
  now: Date = services.clock.now(),
): Promise<SchoolRoster> {
  const members = await listOrganizationMembers(services.db, organizationId);
  const invites = await services.db
    .select()
    .from(organizationInvites)
    .where(
      and(
        eq(organizationInvites.organizationId, organizationId),
        isNull(organizationInvites.acceptedAt),
        gt(organizationInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(organizationInvites.createdAt));
  return {
    members: members.map((m) => ({
      id: m.id,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      email: m.email,
      role: m.role,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Every school, for the admin panel. */
export async function listSchools(services: Services) {
  return services.db
    .select({
      id: organizations.id,
      name: organizations.name,
      seats: organizations.seats,
      membershipPlan: organizations.membershipPlan,
      subscriptionStatus: organizations.subscriptionStatus,
      subscriptionExpiredAt: organizations.subscriptionExpiredAt,
      createdAt: organizations.createdAt,
      members: sql<number>`(select count(*)::int from organization_members m where m.organization_id = "organizations"."id")`,
      owner: sql<
        string | null
      >`(select u.email from organization_members m join users u on u.id = m.user_id where m.organization_id = "organizations"."id" and m.role = 'owner' limit 1)`,
    })
    .from(organizations)
    .orderBy(desc(organizations.createdAt));
}

/** An administrator gives a school premium with no end (a contract paid outside Stripe). */
export async function setSchoolComplimentary(
  services: Services,
  organizationId: string,
  on: boolean,
  now: Date = services.clock.now(),
) {
  await services.db
    .update(organizations)
    .set(
      on
        ? { membershipPlan: 1, subscriptionStatus: "INFINITE", subscriptionStatusUpdatedAt: now }
        : { membershipPlan: 0, subscriptionStatus: null, subscriptionStatusUpdatedAt: now },
    )
    .where(and(eq(organizations.id, organizationId), isNull(organizations.subscriptionId)));
}
