import fc from "fast-check";
import type { CollectionName } from "~/features/content/collections";
import { columnsOf, isScalarKind } from "~/features/content/columns";
import { contentQuery, type Literal } from "~/features/content/query";

/** Arbitrary builder queries over any collection: every one must pass the guard. */
function literalFor(kind: string): fc.Arbitrary<Literal> {
  if (kind === "int") return fc.integer({ min: -1000, max: 100000 });
  if (kind === "bool") return fc.boolean();
  return fc.string({ maxLength: 12 }).filter((s) => !s.includes("\u0000"));
}

export function builderQuery(collection: CollectionName) {
  const scalar = columnsOf(collection).filter((c) => isScalarKind(c.kind));
  const all = columnsOf(collection).map((c) => c.name);
  const condition = fc.oneof(
    ...scalar.map((c) =>
      fc.record({
        column: fc.constant(c.name),
        op: fc.constantFrom(
          "=",
          "<>",
          "<",
          "<=",
          ">",
          ">=",
          "IN",
          "NOT IN",
          "IS NULL",
          "IS NOT NULL",
          ...(c.kind === "text" || c.kind === "date" ? (["LIKE", "NOT LIKE"] as const) : []),
        ),
        value: literalFor(c.kind),
        values: fc.array(literalFor(c.kind), { minLength: 1, maxLength: 4 }),
      }),
    ),
  );
  return fc.record({
    conditions: fc.array(condition, { maxLength: 4 }),
    orGroup: fc.array(condition, { maxLength: 3 }),
    orders: fc.array(
      fc.record({ column: fc.constantFrom(...scalar.map((c) => c.name)), desc: fc.boolean() }),
      { maxLength: 2 },
    ),
    limit: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
    skip: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    select: fc.option(fc.subarray(all, { minLength: 1 }), { nil: undefined }),
    count: fc.boolean(),
  });
}

type Built = ReturnType<typeof builderQuery> extends fc.Arbitrary<infer T> ? T : never;

export function toBuilder(collection: CollectionName, spec: Built) {
  // The typed API is exercised above; here columns are chosen at run time.
  const q = contentQuery(collection) as unknown as ReturnType<typeof contentQuery<"faq">>;
  const apply = (g: typeof q, c: Built["conditions"][number]) => {
    const column = c.column as "position";
    const like =
      (c.op === "LIKE" || c.op === "NOT LIKE") &&
      typeof c.value === "string" &&
      /\\$/.test(c.value);
    if (c.op === "IS NULL" || c.op === "IS NOT NULL") g.where(column, c.op);
    else if (c.op === "IN" || c.op === "NOT IN") g.where(column, c.op, c.values);
    else g.where(column, c.op, like ? `${String(c.value)}x` : c.value);
  };
  for (const c of spec.conditions) apply(q, c);
  if (spec.orGroup.length)
    q.orWhere((g) => {
      for (const c of spec.orGroup) apply(g as typeof q, c);
      return g;
    });
  for (const o of spec.orders) q.order(o.column as "position", o.desc ? "DESC" : "ASC");
  if (spec.limit !== undefined) q.limit(spec.limit);
  if (spec.skip !== undefined) q.skip(spec.skip);
  if (spec.select) q.select(...(spec.select as "position"[]));
  return q;
}
