import { redirect, href } from "react-router";
import type { Route } from "./+types/leave";
import { leaveClass, classAccess } from "~/features/classes/classes.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

/** A student leaves the class (issue 20: its own route); then their dashboard. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const access = await classAccess(services, user, params.id);
  if (access?.role !== "student") notFound(request);
  await leaveClass(services, user.id, access.row.id);
  return redirect(href("/dashboard"));
}
