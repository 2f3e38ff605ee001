import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef } from "react";
import { useNavigate, useSubmit } from "react-router";
import { cx } from "~/components/ui/cx";
import { overlays } from "~/components/ui/overlay-stack";
import type { ProfileView } from "~/features/account/profile.server";
import { useT } from "~/lib/i18n/react";
import { MembershipDialog, OrganizationDialog, RedeemCodeDialog } from "./account-dialogs";
import { Avatar } from "~/features/account/components/avatar";
import { useTeachingLinks } from "./nav-links";

// The text colour is kept out of the shared classes: two colour utilities on one element
// resolve by stylesheet order, not by class order.
const itemBase =
  "flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";
const itemClass = cx(itemBase, "text-slate-800");

/**
 * The avatar menu of spec §2.5, with Students, Lessons and Classes first (issue 21). Radix's menu gives it toggling on click, closing on an
 * outside click, on Escape and on choosing an item, and full keyboard use.
 */
export function AvatarMenu({ profile }: { profile: ProfileView }) {
  const t = useT();
  const navigate = useNavigate();
  const submit = useSubmit();
  const orgPremium = profile.isOrganizationPremiumMember;
  const teachingLinks = useTeachingLinks();
  // Its dialogs give focus back to the trigger: the item that opened them is gone by then.
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className="rounded-full outline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
        data-testid="avatar-menu-trigger"
      >
        <Avatar profile={profile} />
        <span className="sr-only">
          {t("menu.open", { name: `${profile.firstName} ${profile.lastName}`.trim() })}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
          data-testid="avatar-menu"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-ink">
              {profile.firstName} {profile.lastName}
            </p>
            <p className="truncate text-xs text-slate-600">{profile.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {teachingLinks.map((link) => (
            <DropdownMenu.Item
              key={link.to}
              className={itemClass}
              onSelect={() => navigate(link.to)}
            >
              {link.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/dashboard/account")}>
            {t("menu.account")}
          </DropdownMenu.Item>
          {profile.organization ? (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                overlays.show({
                  id: "organization",
                  kind: "modal",
                  returnFocus: trigger.current,
                  title: t("menu.organization"),
                  render: () => <OrganizationDialog userId={profile.id} />,
                })
              }
            >
              {t("menu.organization")}
            </DropdownMenu.Item>
          ) : null}
          {orgPremium ? (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                overlays.show({
                  id: "membership",
                  kind: "modal",
                  returnFocus: trigger.current,
                  title: t("menu.membership"),
                  render: () => <MembershipDialog profile={profile} />,
                })
              }
            >
              {t("menu.membership")}
            </DropdownMenu.Item>
          ) : profile.isPremiumMember ? (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => navigate("/dashboard/membership")}
            >
              {t("menu.membership")}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              className={cx(itemBase, "font-semibold text-accent-700")}
              onSelect={() => navigate("/dashboard/membership")}
            >
              {t("menu.goPremium")}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              overlays.show({
                id: "redeem",
                kind: "modal",
                returnFocus: trigger.current,
                title: t("menu.redeem"),
                render: () => <RedeemCodeDialog />,
              })
            }
          >
            {t("menu.redeem")}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}
          >
            {t("menu.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
