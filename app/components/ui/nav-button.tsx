import type { ReactNode } from "react";
import { NavLink } from "react-router";
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
  className,
}: {
  to: string;
  children: ReactNode;
  icon?: ReactNode;
  isNew?: boolean;
  newLabel?: string;
  featured?: boolean;
  end?: boolean;
  className?: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cx(
          "relative inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
          isActive
            ? "bg-brand-50 text-brand-800"
            : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
          featured && "ring-2 ring-accent-400 ring-offset-1",
          className,
        )
      }
    >
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
    </NavLink>
  );
}
