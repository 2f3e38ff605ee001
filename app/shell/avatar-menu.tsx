import { lazy, useRef } from "react";
import { useNavigate, useSubmit } from "react-router";
import { cx } from "~/components/ui/cx";
import { Menu, MenuItem, MenuSeparator } from "~/components/ui/menu";
import { overlays } from "~/components/ui/overlay-stack";
import type { ProfileView } from "~/features/account/profile.server";
import { useT } from "~/lib/i18n/react";
import { Avatar } from "~/features/account/components/avatar";
import { useTeachingLinks } from "./nav-links";

// The dialogs load when first opened: most page views never open one (issue 19).
const dialogs = () => import("./account-dialogs");
const MembershipDialog = lazy(() => dialogs().then((m) => ({ default: m.MembershipDialog })));
const OrganizationDialog = lazy(() => dialogs().then((m) => ({ default: m.OrganizationDialog })));
const RedeemCodeDialog = lazy(() => dialogs().then((m) => ({ default: m.RedeemCodeDialog })));

// The text colour is kept out of the shared classes: two colour utilities on one element
// resolve by stylesheet order, not by class order.
const itemBase =
  "flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none text-start hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-900";
const itemClass = cx(itemBase, "text-slate-800");

/**
 * The avatar menu of spec §2.5, with Students, Lessons and Classes first (issue 21). The menu
 * button (app/components/ui/menu.tsx) gives it toggling on click, closing on an outside click,
 * on Escape and on choosing an item, and full keyboard use.
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
    <Menu
      buttonRef={trigger}
      buttonClassName="rounded-full outline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
      buttonTestId="avatar-menu-trigger"
      button={
        <>
          <Avatar profile={profile} />
          <span className="sr-only">
            {t("menu.open", { name: `${profile.firstName} ${profile.lastName}`.trim() })}
          </span>
        </>
      }
      className="z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
      testId="avatar-menu"
    >
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold text-ink">
          {profile.firstName} {profile.lastName}
        </p>
        <p className="truncate text-xs text-slate-600">{profile.email}</p>
      </div>
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      {teachingLinks.map((link) => (
        <MenuItem key={link.to} className={itemClass} onSelect={() => navigate(link.to)}>
          {link.label}
        </MenuItem>
      ))}
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      <MenuItem className={itemClass} onSelect={() => navigate("/dashboard/account")}>
        {t("menu.account")}
      </MenuItem>
      {profile.organization ? (
        <MenuItem
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
        </MenuItem>
      ) : null}
      {orgPremium ? (
        <MenuItem
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
        </MenuItem>
      ) : profile.isPremiumMember ? (
        <MenuItem className={itemClass} onSelect={() => navigate("/dashboard/membership")}>
          {t("menu.membership")}
        </MenuItem>
      ) : (
        <MenuItem
          className={cx(itemBase, "font-semibold text-accent-700")}
          onSelect={() => navigate("/dashboard/membership")}
        >
          {t("menu.goPremium")}
        </MenuItem>
      )}
      <MenuItem
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
      </MenuItem>
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      <MenuItem
        className={itemClass}
        onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}
      >
        {t("menu.signOut")}
      </MenuItem>
    </Menu>
  );
}
