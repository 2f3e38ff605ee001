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
  return adminReviews(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if ((intent !== "hide" && intent !== "show") || !Number.isInteger(id) || id <= 0)
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
