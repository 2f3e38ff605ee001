import { lazy, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, href } from "react-router";
import { cx } from "~/components/ui/cx";
import {
  BellIcon,
  ChatIcon,
  ClockIcon,
  CloseIcon,
  FlaskIcon,
  GiftIcon,
  MenuIcon,
  SchoolIcon,
  ShieldIcon,
  StarIcon,
  ThumbIcon,
} from "~/components/ui/icons";
import { ExpiryDateTime } from "~/components/ui/local-time";
import { Logo } from "~/components/ui/logo";
import { NavButton } from "~/components/ui/nav-button";
import { overlays } from "~/components/ui/overlay-stack";
import { Tooltip } from "~/components/ui/tooltip";
import type { ProfileView } from "~/features/account/profile.server";
import { useUnreadNotifications } from "~/features/notifications/live";
import { supportChat } from "~/features/support/chat-store";
import { useT } from "~/lib/i18n/react";
import { AvatarMenu } from "./avatar-menu";
import { useTeachingLinks } from "./nav-links";
import { useRootData } from "~/features/site/root-data";

/** The Feature Lab panel's content loads when the panel first opens (issue 19). */
const FeatureLabContent = lazy(() =>
  import("./feature-lab").then((m) => ({ default: m.FeatureLabContent })),
);

export interface TopBarProps {
  profile: ProfileView;
  featureLabHasNew: boolean;
  notificationsSlot?: ReactNode;
}

/** The trial indicator: days left, or for a promotion the premium access expiry. */
function TrialIndicator({ trial }: { trial: NonNullable<ProfileView["trial"]> }) {
  const t = useT();
  return (
    <Link
      to={href("/dashboard/membership")}
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
      data-testid="trial-indicator"
    >
      <ClockIcon className="size-4" />
      {trial.promotion ? (
        <span>
          {t("topbar.premiumUntil")} <ExpiryDateTime value={trial.expiresAt} />
        </span>
      ) : (
        <span>{t("topbar.trialDaysLeft", { count: trial.daysLeft })}</span>
      )}
    </Link>
  );
}

/**
 * A premium school's plan, where a trial indicator would be: the school pays, so there is no
 * end date or promotion to show. Links to the membership page like the trial indicator.
 */
function SchoolPlanIndicator({ school }: { school: string }) {
  const t = useT();
  return (
    <Link
      to={href("/dashboard/membership")}
      className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200 hover:bg-emerald-100"
      data-testid="school-plan-indicator"
    >
      <SchoolIcon className="size-4 shrink-0" />
      <span className="shrink-0">{t("dashboard.plan.school")}</span>
      <span className="min-w-0 truncate font-normal md:max-lg:sr-only lg:max-w-48">· {school}</span>
    </Link>
  );
}

function PlanIndicator({ profile }: { profile: ProfileView }) {
  if (profile.isOrganizationPremiumMember && profile.organization)
    return <SchoolPlanIndicator school={profile.organization.name} />;
  return profile.trial ? <TrialIndicator trial={profile.trial} /> : null;
}

function ActionButton({
  label,
  icon,
  onClick,
  to,
  highlight = false,
  compact,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  to?: string;
  highlight?: boolean;
  compact: boolean;
  testId?: string;
}) {
  const className = cx(
    "relative inline-flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors",
    highlight
      ? "bg-accent-100 text-accent-700 hover:bg-accent-100/80"
      : "text-slate-700 hover:bg-slate-100",
  );
  const content = (
    <>
      {icon}
      <span className={compact ? "sr-only" : undefined}>{label}</span>
      {highlight ? (
        <span
          className="absolute top-1 end-1 size-2 rounded-full bg-accent-500"
          aria-hidden="true"
        />
      ) : null}
    </>
  );
  const element = to ? (
    <Link to={to} className={className} data-testid={testId}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className} data-testid={testId}>
      {content}
    </button>
  );
  return compact ? <Tooltip content={label}>{element}</Tooltip> : element;
}

interface TopBarItem {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  highlight?: boolean;
}

/** The right-hand items of spec §2.5, each shown only when it applies. */
function useTopBarItems(profile: ProfileView, featureLabHasNew: boolean): TopBarItem[] {
  const t = useT();
  const items: TopBarItem[] = [];
  if (profile.hasGift || profile.hasTrialOffer) {
    items.push({
      key: "gift",
      label: t("topbar.claimGift"),
      icon: <GiftIcon />,
      to: "/dashboard/membership?offer=gift",
      highlight: true,
    });
  }
  if (profile.askReview)
    items.push({ key: "review", label: t("topbar.rateApp"), icon: <ThumbIcon />, to: "/r/review" });
  items.push({
    key: "chat",
    label: t("topbar.chat"),
    icon: <ChatIcon />,
    onClick: () => supportChat.open(),
  });
  items.push({
    key: "lab",
    label: t("topbar.featureLab"),
    icon: <FlaskIcon />,
    onClick: () =>
      overlays.show({
        id: "feature-lab",
        kind: "panel",
        title: t("featureLab.title"),
        render: () => <FeatureLabContent />,
      }),
    highlight: featureLabHasNew,
  });
  items.push({
    key: "favorites",
    label: t("topbar.favorites"),
    icon: <StarIcon />,
    to: "/dashboard/favorites",
  });
  if (profile.isAdmin)
    items.push({ key: "admin", label: t("topbar.adminPanel"), icon: <ShieldIcon />, to: "/admin" });
  return items;
}

export function TopBar({ profile, featureLabHasNew, notificationsSlot }: TopBarProps) {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = useTopBarItems(profile, featureLabHasNew);
  const teachingLinks = useTeachingLinks();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    // Esc closes the phone menu, unless it closes something in front of it (a dialog, a panel
    // or the avatar menu), and gives focus back to the menu button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || overlays.size > 0) return;
      if (event.target instanceof Element && event.target.closest("[role=menu]")) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);
  const links: { to: string; label: string; end?: boolean; teaching?: boolean }[] = [
    { to: "/dashboard", label: t("nav.dashboard"), end: true },
    { to: "/dashboard/exercises", label: t("nav.exercises") },
    ...(profile.isAdmin ? [{ to: "/dashboard/audio", label: t("nav.audio") }] : []),
    { to: "/dashboard/materials", label: t("nav.materials") },
    ...teachingLinks.map((link) => ({ ...link, teaching: true })),
  ];

  return (
    <header
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
      data-testid="top-bar"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-5">
        <Logo to={href("/dashboard")} className="me-2 shrink-0" />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-0.5 md:flex">
          {links.map((link) => (
            <NavButton
              key={link.to}
              to={link.to}
              end={link.end}
              current={link.to.includes("#") ? false : undefined}
              // Between md and xl the row has no room for all: the avatar menu has them too.
              className={link.teaching ? "max-xl:hidden" : undefined}
            >
              {link.label}
            </NavButton>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <PlanIndicator profile={profile} />
            {items.map((item) => (
              <ActionButton {...item} key={item.key} compact testId={`topbar-${item.key}`} />
            ))}
          </div>
          <NotificationsBell />
          {notificationsSlot}
          <AvatarMenu profile={profile} />
          <button
            ref={toggle}
            type="button"
            className="inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}</span>
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <div
        id="dashboard-menu"
        className={cx(
          "border-t border-slate-200 bg-white md:hidden",
          menuOpen ? "block" : "hidden",
        )}
      >
        <nav
          aria-label={t("nav.main")}
          className="flex flex-col gap-1 px-3 py-3"
          // A link closes the menu; a button (chat, Feature Lab) opens a panel over it and
          // leaves the menu open, so focus comes back to that button when the panel closes.
          onClick={(event) => {
            if ((event.target as Element).closest("a")) setMenuOpen(false);
          }}
        >
          {profile.trial || profile.isOrganizationPremiumMember ? (
            <div className="mb-2">
              <PlanIndicator profile={profile} />
            </div>
          ) : null}
          {links.map((link) => (
            <NavButton
              key={link.to}
              to={link.to}
              end={link.end}
              current={link.to.includes("#") ? false : undefined}
              className="py-3 text-base"
            >
              {link.label}
            </NavButton>
          ))}
          <div className="my-2 border-t border-slate-100" />
          {items.map((item) => (
            <ActionButton {...item} key={item.key} compact={false} />
          ))}
        </nav>
      </div>
    </header>
  );
}

/** The notifications link with its unread badge, kept current by server-sent events. */
function NotificationsBell() {
  const t = useT();
  const unread = useUnreadNotifications(useRootData()?.unreadNotifications ?? 0);
  const label =
    unread > 0 ? t("topbar.notificationsUnread", { count: unread }) : t("topbar.notifications");
  return (
    <Tooltip content={label}>
      <Link
        to={href("/dashboard/notifications")}
        className="relative inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        data-testid="topbar-notifications"
        aria-label={label}
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Link>
    </Tooltip>
  );
}
