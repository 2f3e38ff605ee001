import { Form, redirect, href } from "react-router";
import type { Route } from "./+types/sign-out";
import { Button } from "~/components/ui/button";
import { signOut } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { getUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = () => [
  { title: "Sign out · Parley" },
  { name: "robots", content: "noindex" },
];

/**
 * Opening /auth/sign-out only asks: a GET must not end a session (a link or an image on
 * another site could otherwise sign people out). The button posts the sign-out.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!getUser(context)) throw redirect(href("/auth/sign-in"));
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  return signOut(getServices(context), request, getUser(context)?.id ?? null);
}

export default function SignOut() {
  const t = useT();
  return (
    <AuthCard title={t("menu.signOut")} subtitle={t("auth.signOut.confirm")}>
      <Form method="post">
        <Button type="submit" size="large" className="w-full">
          {t("menu.signOut")}
        </Button>
      </Form>
    </AuthCard>
  );
}
