import { redirect, useLoaderData, href } from "react-router";
import type { Route } from "./+types/audio";
import { ListeningView } from "~/features/library/components/listening-view";
import { listeningPageData } from "~/features/library/listening.server";
import { isAdmin, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // The top bar's Audio link is the admins' way to the tracks (spec §2.5), guarded the same
  // way; teachers find them on the Listening page.
  if (!isAdmin(user)) throw redirect(href("/dashboard"));
  return listeningPageData(getServices(context), user, request);
}

export default function AudioPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  return (
    <ListeningView
      title={t("page.audio.title")}
      description={t("page.audio.description")}
      {...data}
    />
  );
}
