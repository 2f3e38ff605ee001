import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { cx } from "./cx";

/** A navigation item that can carry a "new" badge and a featured marker (spec §2.8). */
export function NavButton({
  to,
  children,
  icon,
  isNew = false,
  newLabel = "New",
  featured = false,
  end = false,
  current,
  className,
}: {
  to: string;
  children: ReactNode;
  icon?: ReactNode;
  isNew?: boolean;
  newLabel?: string;
  featured?: boolean;
  end?: boolean;
  /**
   * Whether it is the current page, when its path alone does not say (a link to a section,
   * `/page#part`, must not show as current on the whole page).
   */
  current?: boolean;
  className?: string;
}) {
  const classes = (isActive: boolean) =>
    cx(
      "relative inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
      isActive
        ? "bg-brand-50 text-brand-800"
        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
      featured && "ring-2 ring-accent-400 ring-offset-1",
      className,
    );
  const content = (
    <>
      {icon}
      <span>{children}</span>
      {isNew ? (
        <span className="rounded-full bg-accent-700 px-1.5 py-0.5 text-[0.65rem] font-bold uppercase leading-none text-white">
          {newLabel}
        </span>
      ) : null}
      {featured ? (
        <span
          className="absolute -top-0.5 -end-0.5 size-2.5 rounded-full bg-accent-500"
          aria-hidden="true"
        />
      ) : null}
    </>
  );
  if (current !== undefined)
    return (
      <Link to={to} className={classes(current)} aria-current={current ? "page" : undefined}>
        {content}
      </Link>
    );
  return (
    <NavLink to={to} end={end} className={({ isActive }) => classes(isActive)}>
      {content}
    </NavLink>
  );
}
