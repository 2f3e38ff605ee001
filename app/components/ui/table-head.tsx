import type { ReactNode } from "react";
import { cx } from "./cx";

export interface Column {
  label: string;
  /** Numbers and actions sit at the end of the row. */
  end?: boolean;
  /** A column without a visible heading (row actions): the label is for screen readers. */
  hidden?: boolean;
}

/** The header row of a data table: every column has a heading, visible or not. */
export function TableHead({
  columns,
  className,
  cellClassName = "py-2",
}: {
  columns: Column[];
  className?: string;
  /** Padding matching the body cells. */
  cellClassName?: string;
}) {
  return (
    <thead className={cx("text-slate-600", className)}>
      <tr>
        {columns.map((c) => (
          <th
            key={c.label}
            scope="col"
            className={cx(cellClassName, "font-medium", c.end ? "text-end" : "text-start")}
          >
            {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A data table in a white box that scrolls sideways on a narrow screen; the box takes the
 * keyboard focus (arrow keys scroll it) and is named by the heading `labelledBy` names.
 */
export function BoxedTable({
  columns,
  labelledBy,
  children,
}: {
  columns: Column[];
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <table className="w-full text-sm">
        <TableHead className="bg-slate-50" cellClassName="px-4 py-2" columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
