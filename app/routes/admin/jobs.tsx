import { useOutlet } from "react-router";
import type { Route } from "./+types/jobs";
import { loadMailAndJobs, previewMail } from "~/features/mail/admin-jobs.server";
import { AdminJobsPage } from "~/features/mail/components/admin-jobs-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/jobs: the mail outbox by status, its latest mails, and the dead-letter list (jobs
 * whose retries are used up). The retry form posts to /admin/jobs/retry, which renders
 * this page with its answer when the browser has no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const data = await loadMailAndJobs(services);
  const query = new URL(request.url).searchParams;
  return {
    ...data,
    preview: await previewMail(services, query.get("kind"), query.get("lang")),
    recent: data.recent.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    failed: data.failed.map((j) => ({
      ...j,
      createdOn: j.createdOn.toISOString(),
      failedOn: j.failedOn?.toISOString() ?? null,
    })),
  };
}

export default function AdminJobsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminJobsPage loaded={loaderData} />;
}
