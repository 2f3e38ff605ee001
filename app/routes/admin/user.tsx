import type { Route } from "./+types/user";
import {
  endSessions,
  loadAdminUser,
  resendMail,
  setRoles,
} from "~/features/membership/admin-user.server";
import { AdminUserPage } from "~/features/membership/components/admin-user-page";
import { audit } from "~/lib/audit.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formRefused } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** /admin/user/:id: one user — plan, school, devices, activity, mails — and their roles. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = requireAdmin(context, request);
  const user = await loadAdminUser(getServices(context), params.id);
  if (!user) notFound(request);
  return { user, self: me.id === user.id };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const me = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "roles": {
      if (form.get("confirm") !== "on") return formRefused("adminUser.rolesConfirmMissing", 400);
      const changed = await setRoles(services, me.id, params.id, {
        teacher: form.get("teacher") === "on",
        student: form.get("student") === "on",
        admin: form.get("admin") === "on",
      });
      if (!changed.ok)
        return changed.reason === "no-user"
          ? formRefused("adminUser.missing", 404)
          : formRefused(
              changed.reason === "self" ? "adminUser.rolesSelf" : "adminUser.rolesNone",
              400,
            );
      await audit(services, me, "role.change", params.id, { role: changed.role });
      return formDone("adminUser.rolesSaved");
    }
    case "sessions": {
      const ended = await endSessions(services, params.id);
      await audit(services, me, "sessions.end", params.id, { sessions: ended });
      return formDone("adminUser.sessionsEnded", { count: ended });
    }
    case "resend": {
      const raw = String(form.get("mailId") ?? "");
      // An id the int column can hold (a 20-digit one would fail in the database).
      const mailId = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 0;
      if (mailId === 0 || !(await resendMail(services, params.id, mailId)))
        return formRefused("adminUser.mailMissing", 404);
      await audit(services, me, "mail.resend", params.id, { mail: mailId });
      return formDone("adminUser.resent");
    }
    default:
      return formRefused("adminUser.missing", 400);
  }
}

export default function AdminUserRoute({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${loaderData.user.email} · ${t("admin.section.users")} · Parley`}</title>
      <AdminUserPage user={loaderData.user} self={loaderData.self} answer={actionData} />
    </>
  );
}
