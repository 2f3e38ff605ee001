import type { ReactNode } from "react";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {subtitle ? <div className="mt-2 text-slate-600">{subtitle}</div> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
