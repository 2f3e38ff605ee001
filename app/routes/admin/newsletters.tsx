import { useOutlet } from "react-router";
import type { Route } from "./+types/newsletters";
import { AdminNewslettersPage } from "~/features/mail/components/admin-newsletters-page";
import { listNewsletters } from "~/features/mail/newsletters.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/newsletters: write, preview, send or schedule a newsletter; every newsletter with
 * its progress. The form posts to /admin/newsletters/new, which renders this page with its
 * answer (the preview, or what to correct).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { newsletters, audienceSizes } = await listNewsletters(getServices(context));
  return {
    audienceSizes,
    newsletters: newsletters.map((n) => {
      const enqueued = Object.values(n.counts).reduce((a, b) => a + b, 0);
      return {
        id: n.id,
        subject: n.subject,
        audience: n.audience,
        status: n.status,
        scheduledFor: n.scheduledFor.toISOString(),
        sentAt: n.sentAt?.toISOString() ?? null,
        recipients: n.recipients ?? (n.status === "scheduled" ? null : enqueued),
        sent: n.counts.sent,
      };
    }),
  };
}

export default function AdminNewslettersRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminNewslettersPage loaded={loaderData} />;
}
