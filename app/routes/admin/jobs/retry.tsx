import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/retry";
import { retryFailedJob } from "~/features/mail/admin-jobs.server";
import { AdminJobsPage, type AdminJobsData } from "~/features/mail/components/admin-jobs-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

const RetrySchema = z.object({
  intent: z.literal("retry"),
  queue: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
});

/** A failed job back in its queue for one more attempt. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const parsed = RetrySchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminJobs", "invalid");
  const retried = await retryFailedJob(getServices(context), parsed.data.queue, parsed.data.id);
  if (!retried) return refuse("adminJobs", "gone");
  await audit(getServices(context), admin, "job.retry", parsed.data.id, {
    queue: parsed.data.queue,
  });
  return formDone("adminJobs.retried");
}

export default function AdminJobRetry({ actionData }: Route.ComponentProps) {
  return <AdminJobsPage loaded={useOutletContext<AdminJobsData>()} posted={actionData} />;
}
