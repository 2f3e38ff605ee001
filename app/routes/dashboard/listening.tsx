import { useLoaderData } from "react-router";
import type { Route } from "./+types/listening";
import { ListeningView } from "~/features/library/components/listening-view";
import { listeningPageData } from "~/features/library/listening.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

/** Listening tracks for every teacher (issue 17): free tracks open to all, the rest premium. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return listeningPageData(getServices(context), user, request);
}

export default function ListeningPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  return (
    <ListeningView
      title={t("page.listening.title")}
      description={t("page.listening.description")}
      {...data}
    />
  );
}
