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
