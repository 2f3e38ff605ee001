import { useOutletContext } from "react-router";
import type { Route } from "./+types/new";
import {
  AdminNewslettersPage,
  type AdminNewslettersData,
} from "~/features/mail/components/admin-newsletters-page";
import { NewsletterSchema, translationsOf } from "~/features/mail/newsletter-form";
import { createNewsletter, newsletterHtml } from "~/features/mail/newsletters.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { parseUtcDateTimeLocal } from "~/lib/time";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

/** Previews a newsletter, or saves it and queues its sending (now or at the chosen time). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  // A long newsletter in a non-Latin script is more than the default 64 KiB of form.
  const form = await readForm(request, 256 * 1024);
  const parsed = parseForm(form, NewsletterSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  const input = parsed.data;
  // The form keeps what was typed (the body whole) after a preview or a refusal.
  const values = {
    subject: input.subject,
    body: input.body,
    audience: input.audience,
    when: input.when,
    scheduledFor: input.scheduledFor,
    inArchive: input.inArchive ?? "",
    subjectPl: input.subjectPl,
    bodyPl: input.bodyPl,
  };
  const scheduledFor = input.when === "later" ? parseUtcDateTimeLocal(input.scheduledFor) : null;
  if (scheduledFor && scheduledFor <= services.clock.now())
    return formFailure({
      errors: { scheduledFor: { key: "adminNewsletters.error.past" } },
      values,
    });
  if (form.get("intent") === "preview")
    return {
      ...formDone("adminNewsletters.previewReady"),
      values,
      preview: newsletterHtml(input.body),
      ...(input.bodyPl ? { previewPl: newsletterHtml(input.bodyPl) } : {}),
    };
  await createNewsletter(services, admin.id, {
    subject: input.subject,
    body: input.body,
    audience: input.audience,
    scheduledFor,
    inArchive: input.inArchive === "on",
    translations: translationsOf(input),
  });
  await audit(services, admin, "newsletter.create", input.subject.slice(0, 200), {
    audience: input.audience,
    scheduledFor: scheduledFor?.toISOString() ?? null,
  });
  return formDone(scheduledFor ? "adminNewsletters.scheduled" : "adminNewsletters.sending");
}

export default function AdminNewsletterNew({ actionData }: Route.ComponentProps) {
  return (
    <AdminNewslettersPage loaded={useOutletContext<AdminNewslettersData>()} posted={actionData} />
  );
}
