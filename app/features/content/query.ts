import type { CollectionName } from "./collections";
import { normalizeRow, tableName, type ColumnName, type Row, type ScalarColumn } from "./columns";

/**
 * The content query builder (spec §7): where, order, limit, skip, select and count, turned
 * into one SQL string that both the server (PostgreSQL, after validation) and the browser
 * (SQLite over a downloaded dump) run with the same results.
 *
 * Without an explicit order, rows come by stem ascending; stem is also the last tie-breaker
 * of every order so that results are fully determined. NULLS FIRST/LAST is always written
 * out because the two engines disagree on the default.
 */

/** The most rows one query returns, on the server and in the browser. */
export const ROW_CAP = 1000;

export type Comparison = "=" | "<>" | "<" | "<=" | ">" | ">=" | "LIKE" | "NOT LIKE";
type ListOperator = "IN" | "NOT IN";
type NullOperator = "IS NULL" | "IS NOT NULL";
export type Literal = string | number | boolean;
export type Direction = "ASC" | "DESC";

export type Executor = (
  collection: CollectionName,
  sql: string,
) => Promise<Record<string, unknown>[]>;

export class ContentQueryError extends Error {}

function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ContentQueryError(`Bad column ${name}`);
  return `"${name}"`;
}

/** A literal as SQL: strings in single quotes with inner quotes doubled. */
export function quoteLiteral(value: Literal): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new ContentQueryError(`Not an integer: ${value}`);
    return String(value);
  }
  if (value.includes("\u0000")) throw new ContentQueryError("A string contains a NUL character");
  return `'${value.replaceAll("'", "''")}'`;
}

/** PostgreSQL refuses a LIKE pattern that ends with an unpaired backslash (its escape). */
export function isValidLikePattern(pattern: string): boolean {
  const trailing = /\\+$/.exec(pattern)?.[0].length ?? 0;
  return trailing % 2 === 0;
}

type Condition =
  | { column: string; op: Comparison; value: Literal }
  | { column: string; op: ListOperator; values: readonly Literal[] }
  | { column: string; op: NullOperator }
  | { group: "AND" | "OR"; conditions: Condition[] };

function renderCondition(c: Condition): string {
  if ("group" in c) {
    const parts = c.conditions.map(renderCondition);
    return parts.length === 1 ? (parts[0] ?? "") : `(${parts.join(` ${c.group} `)})`;
  }
  const column = quoteIdentifier(c.column);
  if (c.op === "IS NULL" || c.op === "IS NOT NULL") return `${column} ${c.op}`;
  if (c.op === "IN" || c.op === "NOT IN") {
    const values = "values" in c ? c.values : [];
    if (values.length === 0) throw new ContentQueryError(`${c.op} needs at least one value`);
    return `${column} ${c.op} (${values.map(quoteLiteral).join(", ")})`;
  }
  return `${column} ${c.op} ${quoteLiteral("value" in c ? c.value : "")}`;
}

/** Conditions joined by AND (andWhere) or OR (orWhere). */
class ConditionGroup<C extends CollectionName> {
  /** @internal */
  readonly conditions: Condition[] = [];

  where(column: ScalarColumn<C>, op: Comparison, value: Literal): this;
  where(column: ScalarColumn<C>, op: ListOperator, values: readonly Literal[]): this;
  where(column: ScalarColumn<C>, op: NullOperator): this;
  where(
    column: ScalarColumn<C>,
    op: Comparison | ListOperator | NullOperator,
    value?: Literal | readonly Literal[],
  ): this {
    if (op === "IS NULL" || op === "IS NOT NULL") this.conditions.push({ column, op });
    else if (op === "IN" || op === "NOT IN") {
      if (!Array.isArray(value)) throw new ContentQueryError(`${op} needs a list`);
      this.conditions.push({ column, op, values: value as readonly Literal[] });
    } else {
      if (value === undefined || Array.isArray(value))
        throw new ContentQueryError(`${op} needs one value`);
      if ((op === "LIKE" || op === "NOT LIKE") && !isValidLikePattern(String(value)))
        throw new ContentQueryError("A LIKE pattern cannot end with a lone backslash");
      this.conditions.push({ column, op, value: value as Literal });
    }
    return this;
  }

  andWhere(build: (group: ConditionGroup<C>) => ConditionGroup<C>): this {
    return this.nest("AND", build);
  }

  orWhere(build: (group: ConditionGroup<C>) => ConditionGroup<C>): this {
    return this.nest("OR", build);
  }

  private nest(kind: "AND" | "OR", build: (group: ConditionGroup<C>) => ConditionGroup<C>) {
    const inner = build(new ConditionGroup<C>());
    if (inner.conditions.length)
      this.conditions.push({ group: kind, conditions: inner.conditions });
    return this;
  }
}

export class ContentQuery<C extends CollectionName, R = Row<C>> extends ConditionGroup<C> {
  private orders: { column: string; direction: Direction }[] = [];
  private limitValue: number | null = null;
  private skipValue = 0;
  private fields: string[] | null = null;

  constructor(
    readonly collection: C,
    private readonly executor?: Executor,
  ) {
    super();
  }

  order(column: ScalarColumn<C>, direction: Direction = "ASC"): this {
    this.orders.push({ column, direction });
    return this;
  }

  limit(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) throw new ContentQueryError(`Bad limit ${n}`);
    this.limitValue = n;
    return this;
  }

  skip(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) throw new ContentQueryError(`Bad skip ${n}`);
    this.skipValue = n;
    return this;
  }

  select<K extends ColumnName<C>>(...fields: K[]): ContentQuery<C, Pick<Row<C>, K>> {
    this.fields = fields.length ? fields : null;
    return this as unknown as ContentQuery<C, Pick<Row<C>, K>>;
  }

  private whereSql(): string {
    if (!this.conditions.length) return "";
    const rendered = this.conditions.map(renderCondition);
    return ` WHERE ${rendered.join(" AND ")}`;
  }

  /** The SQL of all() / first(). */
  toSql(limitOverride?: number): string {
    const table = quoteIdentifier(tableName(this.collection));
    const select = this.fields ? this.fields.map(quoteIdentifier).join(", ") : "*";
    const orders = [...this.orders];
    if (!orders.some((o) => o.column === "stem")) orders.push({ column: "stem", direction: "ASC" });
    const orderSql = orders
      .map(
        (o) =>
          `${quoteIdentifier(o.column)} ${o.direction} ${o.direction === "ASC" ? "NULLS LAST" : "NULLS FIRST"}`,
      )
      .join(", ");
    const limit = limitOverride ?? this.limitValue;
    let tail = "";
    if (limit !== null) tail += ` LIMIT ${limit}`;
    else if (this.skipValue) tail += ` LIMIT ${ROW_CAP}`;
    if (this.skipValue) tail += ` OFFSET ${this.skipValue}`;
    return `SELECT ${select} FROM ${table}${this.whereSql()} ORDER BY ${orderSql}${tail}`;
  }

  /** The SQL of count(). */
  toCountSql(column?: ScalarColumn<C>, distinct = false): string {
    const table = quoteIdentifier(tableName(this.collection));
    const target = column ? `${distinct ? "DISTINCT " : ""}${quoteIdentifier(column)}` : "*";
    return `SELECT COUNT(${target}) AS "count" FROM ${table}${this.whereSql()}`;
  }

  private async run(sql: string): Promise<Record<string, unknown>[]> {
    if (!this.executor) throw new ContentQueryError("This query has no executor");
    const rows = await this.executor(this.collection, sql);
    return rows.map((row) => normalizeRow(this.collection, row));
  }

  async all(): Promise<R[]> {
    return (await this.run(this.toSql())) as R[];
  }

  async first(): Promise<R | null> {
    const rows = await this.run(this.toSql(1));
    return (rows[0] as R | undefined) ?? null;
  }

  async count(column?: ScalarColumn<C>, distinct = false): Promise<number> {
    const rows = await this.run(this.toCountSql(column, distinct));
    return Number(rows[0]?.count ?? 0);
  }
}

export function contentQuery<C extends CollectionName>(
  collection: C,
  executor?: Executor,
): ContentQuery<C> {
  return new ContentQuery(collection, executor);
}
