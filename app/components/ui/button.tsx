import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "./cx";
import { Spinner } from "./spinner";

export const BUTTON_THEMES = [
  "primary",
  "secondary",
  "light",
  "neutral",
  "white",
  "danger",
] as const;
export const BUTTON_SIZES = ["small", "medium", "large"] as const;
export type ButtonTheme = (typeof BUTTON_THEMES)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const THEME_CLASSES: Record<ButtonTheme, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 shadow-sm",
  secondary: "bg-accent-700 text-white hover:bg-accent-800 shadow-sm",
  light: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  neutral: "bg-slate-100 text-slate-800 hover:bg-slate-200",
  white: "bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 shadow-sm",
  danger: "bg-red-700 text-white hover:bg-red-800 shadow-sm",
};

// Heights are minimums: a label too long for a phone in some language (German compounds,
// Tamil) wraps onto a second line instead of pushing the page wider than the screen.
const SIZE_CLASSES: Record<ButtonSize, string> = {
  small: "min-h-8 py-1 px-3 text-sm gap-1.5 rounded-md",
  medium: "min-h-10 py-1.5 px-4 text-sm gap-2 rounded-lg",
  large: "min-h-12 py-2 px-6 text-base gap-2 rounded-xl",
};

export function buttonClasses(
  theme: ButtonTheme = "primary",
  size: ButtonSize = "medium",
  extra?: string,
): string {
  return cx(
    "inline-flex max-w-full items-center justify-center text-center font-semibold leading-tight [overflow-wrap:anywhere] transition-colors select-none",
    "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    "aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    THEME_CLASSES[theme],
    SIZE_CLASSES[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  theme?: ButtonTheme;
  size?: ButtonSize;
  /** Shows a spinner and ignores clicks; the label stays for screen readers. */
  loading?: boolean;
  icon?: ReactNode;
}

/**
 * Disabled and loading buttons stay focusable (aria-disabled) so that keyboard users can
 * still find them and read why, but every click is ignored.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    theme = "primary",
    size = "medium",
    loading = false,
    disabled = false,
    icon,
    className,
    children,
    onClick,
    type = "button",
    ...rest
  },
  ref,
) {
  const inactive = disabled || loading;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type={type}
      aria-disabled={inactive || undefined}
      aria-busy={loading || undefined}
      className={buttonClasses(theme, size, className)}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : icon}
      <span>{children}</span>
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps {
  theme?: ButtonTheme;
  size?: ButtonSize;
  icon?: ReactNode;
}

export function ButtonLink({
  theme = "primary",
  size = "medium",
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={buttonClasses(theme, size, className)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
