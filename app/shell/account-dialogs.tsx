import { useEffect } from "react";
import { Link, useFetcher, href } from "react-router";
import { Button } from "~/components/ui/button";
import { overlays } from "~/components/ui/overlay-stack";
import { Spinner } from "~/components/ui/spinner";
import type { ProfileView } from "~/features/account/profile.server";
import { useT } from "~/lib/i18n/react";
import { RedeemCodeField } from "~/features/membership/redeem-code-field";
import { AnswerAlert } from "~/components/answer-alert";
import type { MembershipAnswer } from "~/features/membership/components/membership-forms";

export interface OrganizationSummary {
  id: string;
  name: string;
  isPremium: boolean;
  seats: number;
  role: "owner" | "admin" | "member";
  members: {
    id: string;
    firstName: string;
    lastName: string;
    role: "owner" | "admin" | "member";
  }[];
}

function useOrganization(userId: string) {
  const fetcher = useFetcher<{ organization: OrganizationSummary | null }>();
  useEffect(() => {
    if (fetcher.state === "idle" && !fetcher.data)
      fetcher.load(`/api/user/organization?userId=${encodeURIComponent(userId)}`);
  }, [fetcher, userId]);
  return fetcher;
}

export function OrganizationDialog({ userId }: { userId: string }) {
  const t = useT();
  const fetcher = useOrganization(userId);
  const org = fetcher.data?.organization;
  if (!fetcher.data) {
    return (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner className="size-4" /> {t("common.loading")}
      </p>
    );
  }
  if (!org) return <p className="text-slate-600">{t("organization.none")}</p>;
  return (
    <div className="space-y-4">
      <div>
        <p className="text-xl font-semibold text-ink">{org.name}</p>
        <p className="mt-1 text-sm text-slate-600">
          {org.isPremium ? t("organization.planPremium") : t("organization.planFree")} ·{" "}
          {t("organization.seats", { count: org.seats })}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-800">
          {t("organization.members", { count: org.members.length })}
        </h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {org.members.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="text-slate-800">
                {m.firstName} {m.lastName}
              </span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                {t(`organization.role.${m.role}`)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function MembershipDialog({ profile }: { profile: ProfileView }) {
  const t = useT();
  const fetcher = useOrganization(profile.id);
  const org = fetcher.data?.organization;
  const managers = org?.members.filter((m) => m.role !== "member") ?? [];
  return (
    <div className="space-y-3 text-slate-700">
      <p>{t("membership.throughSchool", { school: profile.organization?.name ?? "" })}</p>
      {managers.length > 0 ? (
        <p className="text-sm">
          {t("membership.managedBy", {
            names: managers.map((m) => `${m.firstName} ${m.lastName}`).join(", "),
          })}
        </p>
      ) : null}
      <Link
        to={href("/dashboard/membership")}
        onClick={() => overlays.hide()}
        className="inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("membership.details")}
      </Link>
    </div>
  );
}

export function RedeemCodeDialog() {
  const t = useT();
  const fetcher = useFetcher<MembershipAnswer>();
  return (
    <fetcher.Form method="post" action={href("/dashboard/membership/redeem")} className="space-y-4">
      <p className="text-sm text-slate-600">{t("redeem.intro")}</p>
      <RedeemCodeField wide />
      <AnswerAlert answer={fetcher.data} />
      <div className="flex justify-end gap-2">
        <Button theme="white" onClick={() => overlays.hide()}>
          {t("common.close")}
        </Button>
        <Button type="submit" loading={fetcher.state !== "idle"}>
          {t("redeem.submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
