import { Link, useLoaderData, href } from "react-router";
import type { Route } from "./+types/verify";
import { verifyEmailToken } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = () => [
  { title: "Verify your email · Parley" },
  { name: "robots", content: "noindex" },
];

/** The link from the verification mail: verifies, signs in and opens the dashboard. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return verifyEmailToken(getServices(context), request, params.token);
}

export default function Verify() {
  const t = useT();
  useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("auth.verify.invalidTitle")}>
      <p className="text-slate-700">{t("auth.verify.invalid")}</p>
      <Link
        to={`${href("/auth/confirm")}?resend=1`}
        className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
      >
        {t("auth.resendVerification")}
      </Link>
    </AuthCard>
  );
}
