import { Link } from "react-router";
import { cx } from "./cx";

export function Logo({
  to = "/",
  className,
  label = "Parley",
}: {
  to?: string;
  className?: string;
  label?: string;
}) {
  return (
    <Link
      to={to}
      className={cx(
        "inline-flex items-center gap-2 text-lg font-bold tracking-tight text-brand-800",
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={30} height={30} className="size-7.5" />
      <span>{label}</span>
    </Link>
  );
}
