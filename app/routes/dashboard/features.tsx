import { data } from "react-router";
import type { Route } from "./+types/features";
import { PageHeader } from "~/components/ui/page-header";
import { listChangelog } from "~/features/changelog/changelog.server";
import { ChangelogList } from "~/shell/feature-lab";
import { markFeatureLabOpened } from "~/features/account/account.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { useLoaderData } from "react-router";

export const handle = { dashboard: true };

/** The Feature Lab (spec §4.5): every product update, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const services = getServices(context);
  return { entries: await listChangelog(services.database, services.clock.now()) };
}

/** Records that the lab was opened, in a long-lived cookie and on the account. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const cookie = await markFeatureLabOpened(services.db, user.id, services.clock.now());
  return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
}

export default function FeaturesPage() {
  const t = useT();
  const { entries } = useLoaderData<typeof loader>();
  return (
    <>
      <title>{`${t("featureLab.title")} · Parley`}</title>
      <PageHeader title={t("featureLab.title")} description={t("featureLab.description")} />
      <div className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
        <ChangelogList entries={entries} headingLevel={2} />
      </div>
    </>
  );
}
