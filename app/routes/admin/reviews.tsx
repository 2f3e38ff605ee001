import type { Route } from "./+types/reviews";
import { adminReviews, setReviewHidden } from "~/features/reviews/admin-reviews.server";
import { AdminReviewsPage } from "~/features/reviews/components/admin-reviews-page";
import { audit } from "~/lib/audit.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formRefused } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

/** /admin/reviews: review moderation (issue 15 item 6); hidden reviews leave the public rating. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return adminReviews(getServices(context), Number.isInteger(page) && page > 0 ? page : 1);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const raw = String(form.get("id") ?? "");
  // An id the int column can hold (a 20-digit one would fail in the database).
  const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 0;
  if ((intent !== "hide" && intent !== "show") || id === 0)
    return formRefused("adminReviews.missing", 400);
  if (!(await setReviewHidden(services, id, intent === "hide")))
    return formRefused("adminReviews.missing", 404);
  await audit(services, admin, intent === "hide" ? "review.hide" : "review.show", String(id));
  return formDone(intent === "hide" ? "adminReviews.hiddenDone" : "adminReviews.shownDone");
}

export default function AdminReviewsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("adminReviews.title")} · Parley`}</title>
      <AdminReviewsPage loaded={loaderData} answer={actionData} />
    </>
  );
}
