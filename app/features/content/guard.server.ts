import { loadModule, parseSync, scanSync } from "libpg-query";
import type { CollectionName } from "./collections";
import { columnInfo, isScalarKind, tableName, type ColumnKind } from "./columns";
import { isValidLikePattern, ROW_CAP, type Comparison, type Literal } from "./query";

/**
 * The gate in front of content queries that arrive as SQL text (spec §7). The text is
 * parsed by PostgreSQL's own parser (libpg-query) and accepted only when it is exactly the
 * shape the query builder writes: one SELECT of this collection's columns (or one count)
 * from this collection's table, comparisons of columns with literals of the column's type
 * joined by AND/OR, IN lists, LIKE, IS [NOT] NULL, ORDER BY columns and integer
 * LIMIT/OFFSET. The accepted query is then written out again by compileQuery with every
 * literal as a bound parameter, so the text that runs is never the text that arrived.
 */

export class QueryRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "QueryRejected";
  }
}

export const MAX_SQL_LENGTH = 8000;
const MAX_IN_LIST = 200;
const MAX_CONDITIONS = 200;
const MAX_DEPTH = 12;

export type Expr =
  | { kind: "and" | "or"; args: Expr[] }
  | { kind: "compare"; column: string; op: Comparison; value: Literal }
  | { kind: "in"; column: string; negated: boolean; values: Literal[] }
  | { kind: "null"; column: string; negated: boolean };

export interface ValidatedQuery {
  collection: CollectionName;
  /** null selects every column. */
  columns: string[] | null;
  /** Present for count queries. */
  count: { column: string | null; distinct: boolean } | null;
  where: Expr | null;
  orders: { column: string; direction: "ASC" | "DESC"; nulls: "FIRST" | "LAST" }[];
  limit: number | null;
  offset: number;
}

let ready: Promise<void> | null = null;
/** Loads the parser (WebAssembly); call once before validateQuery. */
export function loadSqlParser(): Promise<void> {
  ready ??= loadModule();
  return ready;
}

type Node = Record<string, unknown>;

function isObject(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The single key of a parse-tree node ({ "A_Const": {…} }) and its body. */
function unwrap(node: unknown): [string, Node] {
  if (!isObject(node)) throw new QueryRejected("Unexpected syntax");
  const keys = Object.keys(node);
  if (keys.length !== 1) throw new QueryRejected("Unexpected syntax");
  const key = keys[0] as string;
  const body = node[key];
  if (!isObject(body)) throw new QueryRejected("Unexpected syntax");
  return [key, body];
}

function onlyKeys(body: Node, allowed: readonly string[], what: string) {
  for (const key of Object.keys(body))
    if (!allowed.includes(key)) throw new QueryRejected(`${what}: "${key}" is not allowed`);
}

const FORBIDDEN_TOKENS = new Set([
  "SQL_COMMENT",
  "C_COMMENT",
  "PARAM",
  "TYPECAST",
  "BCONST",
  "XCONST",
  "USCONST",
  "UIDENT",
  "Op",
]);

function checkTokens(sql: string) {
  let tokens;
  try {
    tokens = scanSync(sql).tokens;
  } catch {
    throw new QueryRejected("The query could not be read");
  }
  if (tokens[0]?.text.toUpperCase() !== "SELECT") throw new QueryRejected("Only SELECT is allowed");
  let previous = "";
  for (const token of tokens) {
    // 'a' 'b' on separate lines is one literal to PostgreSQL; the builder never writes it.
    if (token.tokenName === "SCONST" && previous === "SCONST")
      throw new QueryRejected("Adjacent string literals are not allowed");
    previous = token.tokenName;
    if (FORBIDDEN_TOKENS.has(token.tokenName))
      throw new QueryRejected(`"${token.text.slice(0, 20)}" is not allowed`);
    if (token.tokenName === "SCONST" && !/^'(?:[^']|'')*'$/.test(token.text))
      throw new QueryRejected("Only plain single-quoted strings are allowed");
    if (token.text === ";") throw new QueryRejected("One statement only");
    if (token.text.startsWith("U&")) throw new QueryRejected("Unicode escapes are not allowed");
  }
}

function columnOf(collection: CollectionName, node: unknown, scalarOnly: boolean) {
  const [key, body] = unwrap(node);
  if (key !== "ColumnRef") throw new QueryRejected("Expected a column");
  onlyKeys(body, ["fields", "location"], "Column");
  const fields = body.fields;
  if (!Array.isArray(fields) || fields.length !== 1)
    throw new QueryRejected("Columns are named without a table");
  const [fieldKey, field] = unwrap(fields[0]);
  if (fieldKey !== "String" || typeof field.sval !== "string")
    throw new QueryRejected("Expected a column name");
  const info = columnInfo(collection, field.sval);
  if (!info) throw new QueryRejected(`Unknown column "${field.sval.slice(0, 40)}"`);
  if (scalarOnly && !isScalarKind(info.kind))
    throw new QueryRejected(`"${info.name}" cannot be compared or sorted`);
  return info;
}

function literalOf(node: unknown, kind: ColumnKind, column: string): Literal {
  const [key, body] = unwrap(node);
  if (key !== "A_Const") throw new QueryRejected(`Compare "${column}" with a literal value`);
  onlyKeys(body, ["sval", "ival", "fval", "boolval", "location"], "Value");
  let value: Literal;
  if (isObject(body.sval)) {
    if (typeof body.sval.sval !== "string" && Object.keys(body.sval).length)
      throw new QueryRejected("Unexpected string");
    value = typeof body.sval.sval === "string" ? body.sval.sval : "";
  } else if (isObject(body.ival)) {
    value = body.ival.ival === undefined ? 0 : Number(body.ival.ival);
  } else if (isObject(body.fval)) {
    const text = String(body.fval.fval ?? "");
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
      throw new QueryRejected("Numbers are whole numbers");
    value = Number(text);
  } else if (isObject(body.boolval)) {
    value = body.boolval.boolval === true;
  } else throw new QueryRejected("NULL is compared with IS NULL");
  const expected =
    kind === "int"
      ? "number"
      : kind === "bool"
        ? "boolean"
        : kind === "text" || kind === "date"
          ? "string"
          : null;
  if (typeof value !== expected) throw new QueryRejected(`"${column}" holds ${kind} values`);
  return value;
}

const COMPARISONS: Record<string, Comparison> = {
  "=": "=",
  "<>": "<>",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};

function operatorOf(body: Node): string {
  const name = body.name;
  if (!Array.isArray(name) || name.length !== 1) throw new QueryRejected("Unexpected operator");
  const [key, op] = unwrap(name[0]);
  if (key !== "String" || typeof op.sval !== "string")
    throw new QueryRejected("Unexpected operator");
  return op.sval;
}

interface Budget {
  conditions: number;
}

function exprOf(collection: CollectionName, node: unknown, depth: number, budget: Budget): Expr {
  if (depth > MAX_DEPTH) throw new QueryRejected("Conditions are nested too deeply");
  if (++budget.conditions > MAX_CONDITIONS) throw new QueryRejected("Too many conditions");
  const [key, body] = unwrap(node);
  if (key === "BoolExpr") {
    onlyKeys(body, ["boolop", "args", "location"], "Condition");
    const op = body.boolop === "AND_EXPR" ? "and" : body.boolop === "OR_EXPR" ? "or" : null;
    if (!op) throw new QueryRejected("Only AND and OR join conditions");
    if (!Array.isArray(body.args) || body.args.length < 2)
      throw new QueryRejected("Unexpected condition");
    return { kind: op, args: body.args.map((a) => exprOf(collection, a, depth + 1, budget)) };
  }
  if (key === "NullTest") {
    onlyKeys(body, ["arg", "nulltesttype", "location"], "Condition");
    const info = columnOf(collection, body.arg, true);
    if (body.nulltesttype !== "IS_NULL" && body.nulltesttype !== "IS_NOT_NULL")
      throw new QueryRejected("Unexpected IS test");
    return { kind: "null", column: info.name, negated: body.nulltesttype === "IS_NOT_NULL" };
  }
  if (key !== "A_Expr") throw new QueryRejected("Only comparisons of columns with values");
  onlyKeys(
    body,
    ["kind", "name", "lexpr", "rexpr", "location", "rexpr_list_start", "rexpr_list_end"],
    "Condition",
  );
  const info = columnOf(collection, body.lexpr, true);
  const op = operatorOf(body);
  if (body.kind === "AEXPR_OP") {
    const comparison = COMPARISONS[op];
    if (!comparison) throw new QueryRejected(`Operator ${op.slice(0, 10)} is not allowed`);
    return {
      kind: "compare",
      column: info.name,
      op: comparison,
      value: literalOf(body.rexpr, info.kind, info.name),
    };
  }
  if (body.kind === "AEXPR_LIKE") {
    if (op !== "~~" && op !== "!~~") throw new QueryRejected("Unexpected LIKE");
    if (info.kind !== "text" && info.kind !== "date")
      throw new QueryRejected(`"${info.name}" is not text`);
    const pattern = literalOf(body.rexpr, info.kind, info.name);
    if (!isValidLikePattern(String(pattern)))
      throw new QueryRejected("A LIKE pattern cannot end with an escape character");
    return {
      kind: "compare",
      column: info.name,
      op: op === "~~" ? "LIKE" : "NOT LIKE",
      value: pattern,
    };
  }
  if (body.kind === "AEXPR_IN") {
    if (op !== "=" && op !== "<>") throw new QueryRejected("Unexpected IN");
    const [listKey, list] = unwrap(body.rexpr);
    if (listKey !== "List" || !Array.isArray(list.items))
      throw new QueryRejected("IN takes a list of values");
    onlyKeys(list, ["items"], "List");
    if (list.items.length < 1 || list.items.length > MAX_IN_LIST)
      throw new QueryRejected(`IN takes 1 to ${MAX_IN_LIST} values`);
    return {
      kind: "in",
      column: info.name,
      negated: op === "<>",
      values: list.items.map((item) => literalOf(item, info.kind, info.name)),
    };
  }
  throw new QueryRejected("Only comparisons, IN, LIKE and IS NULL");
}

function nonNegativeInt(node: unknown, what: string): number {
  const [key, body] = unwrap(node);
  if (key !== "A_Const") throw new QueryRejected(`${what} is a whole number`);
  onlyKeys(body, ["ival", "location"], what);
  const value = isObject(body.ival) ? Number(body.ival.ival ?? 0) : NaN;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new QueryRejected(`${what} is a whole number, 0 or more`);
  return value;
}

function targetsOf(collection: CollectionName, list: unknown) {
  if (!Array.isArray(list) || list.length === 0) throw new QueryRejected("Nothing selected");
  const columns: string[] = [];
  let count: ValidatedQuery["count"] = null;
  let star = false;
  for (const item of list) {
    const [key, target] = unwrap(item);
    if (key !== "ResTarget") throw new QueryRejected("Unexpected selection");
    onlyKeys(target, ["val", "name", "location"], "Selection");
    const [valKey, val] = unwrap(target.val);
    if (valKey === "FuncCall") {
      if (list.length !== 1) throw new QueryRejected("count() is selected alone");
      if (target.name !== undefined && target.name !== "count")
        throw new QueryRejected('count() is named "count"');
      onlyKeys(
        val,
        ["funcname", "args", "agg_star", "agg_distinct", "funcformat", "location"],
        "count()",
      );
      const fn =
        Array.isArray(val.funcname) && val.funcname.length === 1 ? unwrap(val.funcname[0]) : null;
      if (!fn || fn[0] !== "String" || String(fn[1].sval).toLowerCase() !== "count")
        throw new QueryRejected("Functions are not allowed");
      if (val.funcformat !== "COERCE_EXPLICIT_CALL") throw new QueryRejected("Unexpected count()");
      if (val.agg_star === true) {
        if (val.args !== undefined || val.agg_distinct)
          throw new QueryRejected("Unexpected count()");
        count = { column: null, distinct: false };
      } else {
        if (!Array.isArray(val.args) || val.args.length !== 1)
          throw new QueryRejected("count() takes one column");
        const info = columnOf(collection, val.args[0], true);
        count = { column: info.name, distinct: val.agg_distinct === true };
      }
      continue;
    }
    if (target.name !== undefined) throw new QueryRejected("Columns are selected without aliases");
    if (valKey !== "ColumnRef") throw new QueryRejected("Only columns are selected");
    const fields = val.fields;
    if (Array.isArray(fields) && fields.length === 1 && unwrap(fields[0])[0] === "A_Star") {
      onlyKeys(val, ["fields", "location"], "Selection");
      if (list.length !== 1) throw new QueryRejected("* is selected alone");
      star = true;
      continue;
    }
    columns.push(columnOf(collection, target.val, false).name);
  }
  return { columns: star || count ? null : columns, count };
}

/** Parses and checks one query for a collection; throws QueryRejected when it may not run. */
export function validateQuery(collection: CollectionName, sql: unknown): ValidatedQuery {
  if (typeof sql !== "string" || sql.trim() === "") throw new QueryRejected("sql must be text");
  if (sql.length > MAX_SQL_LENGTH) throw new QueryRejected("The query is too long");
  if (sql.includes("\u0000")) throw new QueryRejected("The query contains a NUL character");
  checkTokens(sql);
  let parsed;
  try {
    parsed = parseSync(sql);
  } catch (error) {
    throw new QueryRejected(`Syntax error: ${(error as Error).message.slice(0, 120)}`);
  }
  const stmts = parsed.stmts ?? [];
  if (stmts.length !== 1) throw new QueryRejected("One statement only");
  onlyKeys(stmts[0] as Node, ["stmt", "stmt_len", "stmt_location"], "Statement");
  const [kind, select] = unwrap((stmts[0] as Node).stmt);
  if (kind !== "SelectStmt") throw new QueryRejected("Only SELECT is allowed");
  if (select.op !== "SETOP_NONE")
    throw new QueryRejected("UNION, INTERSECT and EXCEPT are not allowed");
  if (select.withClause !== undefined) throw new QueryRejected("WITH is not allowed");
  onlyKeys(
    select,
    [
      "targetList",
      "fromClause",
      "whereClause",
      "sortClause",
      "limitCount",
      "limitOffset",
      "limitOption",
      "op",
    ],
    "SELECT",
  );
  if (
    select.limitOption !== undefined &&
    select.limitOption !== "LIMIT_OPTION_DEFAULT" &&
    select.limitOption !== "LIMIT_OPTION_COUNT"
  )
    throw new QueryRejected("Unexpected LIMIT");

  const from = select.fromClause;
  if (!Array.isArray(from) || from.length !== 1) throw new QueryRejected("Select from one table");
  const [fromKey, range] = unwrap(from[0]);
  if (fromKey !== "RangeVar") throw new QueryRejected("Select from the collection's table");
  onlyKeys(range, ["relname", "inh", "relpersistence", "location"], "FROM");
  if (range.relname !== tableName(collection) || range.inh !== true || range.relpersistence !== "p")
    throw new QueryRejected(`Select from "${tableName(collection)}"`);

  const { columns, count } = targetsOf(collection, select.targetList);
  const budget = { conditions: 0 };
  const where =
    select.whereClause === undefined ? null : exprOf(collection, select.whereClause, 0, budget);

  const orders: ValidatedQuery["orders"] = [];
  if (select.sortClause !== undefined) {
    if (!Array.isArray(select.sortClause)) throw new QueryRejected("Unexpected ORDER BY");
    for (const item of select.sortClause) {
      const [key, sort] = unwrap(item);
      if (key !== "SortBy") throw new QueryRejected("Unexpected ORDER BY");
      onlyKeys(sort, ["node", "sortby_dir", "sortby_nulls", "location"], "ORDER BY");
      const info = columnOf(collection, sort.node, true);
      const direction = sort.sortby_dir === "SORTBY_DESC" ? "DESC" : "ASC";
      if (!["SORTBY_DEFAULT", "SORTBY_ASC", "SORTBY_DESC"].includes(String(sort.sortby_dir)))
        throw new QueryRejected("Unexpected ORDER BY");
      const nulls =
        sort.sortby_nulls === "SORTBY_NULLS_FIRST"
          ? "FIRST"
          : sort.sortby_nulls === "SORTBY_NULLS_LAST"
            ? "LAST"
            : direction === "ASC"
              ? "LAST"
              : "FIRST";
      orders.push({ column: info.name, direction, nulls });
    }
  }
  const limit = select.limitCount === undefined ? null : nonNegativeInt(select.limitCount, "LIMIT");
  const offset =
    select.limitOffset === undefined ? 0 : nonNegativeInt(select.limitOffset, "OFFSET");
  if (count && (orders.length || limit !== null || offset))
    throw new QueryRejected("count() takes no ORDER BY, LIMIT or OFFSET");
  return {
    collection,
    columns,
    count,
    where,
    orders,
    limit: limit === null ? null : limit,
    offset,
  };
}

/** The effective row limit: the query's own, never above the cap. */
export function effectiveLimit(query: ValidatedQuery): number {
  return Math.min(query.limit ?? ROW_CAP, ROW_CAP);
}
