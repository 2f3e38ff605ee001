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

/** Generated attacks: valid queries with something forbidden put in, swapped in or added. */
export function attack(): fc.Arbitrary<string> {
  const tokensOutsideLiterals = (text: string) => {
    // Boundaries between tokens, never inside a quoted literal or identifier.
    const spots: number[] = [];
    let quote: string | null = null;
    for (let i = 0; i <= text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote && text[i + 1] === quote) i++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === "'" || c === '"') {
        spots.push(i);
        quote = c;
      } else if (c === " " || i === text.length) spots.push(i);
    }
    return spots;
  };
  const tokenLevel = fc.constantFrom(
    ";",
    "; DROP TABLE canary",
    "; SELECT pg_sleep(5)",
    "-- ",
    "--' ",
    "/* x */",
    "/**/",
    "::text",
    "::regclass",
    " $1 ",
    " $$x$$ ",
    " $tag$ DELETE FROM canary $tag$ ",
    " E'\\x27' ",
    " U&'\\0027' ",
    " B'101' ",
    " X'1F' ",
    ' U&"x" ',
  );
  const valueLevel = fc.constantFrom(
    "pg_sleep(5)",
    "(SELECT email FROM users LIMIT 1)",
    "current_user",
    "session_user",
    "version()",
    "'en' || (SELECT token FROM \"session\" LIMIT 1)",
    "chr(101) || chr(110)",
    "lower('EN')",
    "'en' COLLATE \"C\"",
    "CAST('en' AS text)",
    "ANY(ARRAY['en'])",
    "NULL",
    "(SELECT 1)",
    "'en' OR 1 = 1",
    "current_setting('is_superuser')",
    "pg_read_file('/etc/passwd')",
    "query_to_xml('select * from canary', true, true, '')",
    "$$en$$",
    "E'en'",
    "'e' 'n'",
  );
  const tableLevel = fc.constantFrom(
    "pg_catalog.pg_user",
    "pg_shadow",
    "information_schema.tables",
    "users",
    "sessions",
    "accounts",
    '"content_email"',
    "canary",
    "(SELECT * FROM users) x",
    '"content_blog", users',
    '"content_blog" JOIN users ON true',
    'ONLY "content_blog"',
    "generate_series(1, 10)",
    "pg_ls_dir('.')",
    'public."content_blog"',
    '"content_blog" AS b',
    '"content_blog" TABLESAMPLE SYSTEM (50)',
  );
  const tail = fc.constantFrom(
    ' UNION SELECT "email", "name" FROM users',
    " UNION ALL SELECT usename, passwd FROM pg_shadow",
    ' INTERSECT SELECT "title", "path" FROM "content_blog"',
    " EXCEPT SELECT 'a', 'b'",
    " FOR UPDATE",
    " FOR SHARE NOWAIT",
    ' GROUP BY "title"',
    " HAVING COUNT(*) > 0",
    ' WINDOW w AS (ORDER BY "stem")',
    " FETCH FIRST 1 ROWS WITH TIES",
    "; COMMIT; DROP TABLE canary",
    " LIMIT ALL",
  );
  const selectLevel = fc.constantFrom(
    "*, pg_sleep(1)",
    "version()",
    "current_setting('data_directory')",
    "(SELECT password FROM accounts LIMIT 1)",
    '"title" AS x',
    'DISTINCT "title"',
    'row_to_json("content_blog")',
    '"content_blog".*',
    "COUNT(*) OVER ()",
    'SUM("readingMinutes")',
    "COUNT(*) FILTER (WHERE true)",
    "1",
    "'literal'",
    '"title" || "path"',
    "*, (SELECT 1)",
  );
  const prefix = fc.constantFrom(
    "WITH x AS (DELETE FROM canary RETURNING *) ",
    "EXPLAIN ANALYZE ",
    "EXPLAIN ",
    "/**/",
    "-- hi\n",
    "BEGIN; ",
    "SET statement_timeout = 0; ",
    "PREPARE p AS ",
    "CREATE TABLE x AS ",
    "DECLARE c CURSOR FOR ",
    ' TABLE "content_blog"; ',
  );
  const condition = fc.constantFrom(
    "NOT (\"locale\" = 'en')",
    "\"locale\" ~ '.*'",
    "\"locale\" SIMILAR TO 'e%'",
    "\"locale\" ILIKE 'EN'",
    "EXISTS (SELECT 1 FROM users)",
    '"readingMinutes" = 1 + 1',
    "\"locale\" IS DISTINCT FROM 'x'",
    "\"locale\" BETWEEN 'a' AND 'z'",
    "\"locale\" = ANY('{en}')",
    '"tags" @> \'["x"]\'',
    "\"locale\" LIKE 'x' ESCAPE '!'",
    "1 = 1",
    "true",
    "\"readingMinutes\" = 'many'",
    '"title" = "path"',
    "\"nonexistent\" = 'x'",
    "\"title\" = 'x' AND pg_sleep(2) IS NULL",
    '"readingMinutes" IN (SELECT 1)',
    "(\"locale\", \"slug\") = ('en', 'x')",
    '"locale" IS TRUE',
    "\"title\" LIKE 'ends with escape\\'",
  );

  // The valid query each attack starts from varies too (literal, numbers, columns, order),
  // so that 10,000 runs are 10,000 different texts.
  const valid = fc
    .record({
      word: fc.stringMatching(/^[a-z]{1,10}$/),
      minutes: fc.nat({ max: 60 }),
      limit: fc.integer({ min: 1, max: 50 }),
      offset: fc.nat({ max: 30 }),
      select: fc.constantFrom('"title", "path"', '"slug", "title"', '"path"', '"title"'),
      order: fc.constantFrom('"publishedAt" DESC', '"title" ASC', '"stem" ASC', '"slug" DESC'),
    })
    .map((v) => {
      const value = `'${v.word}'`;
      const condition = `"locale" = ${value}`;
      const text = `SELECT ${v.select} FROM "content_blog" WHERE ${condition} AND "readingMinutes" > ${v.minutes} ORDER BY ${v.order} NULLS FIRST LIMIT ${v.limit} OFFSET ${v.offset}`;
      return { text, value, condition, select: v.select };
    });
  type Valid = typeof valid extends fc.Arbitrary<infer T> ? T : never;
  const on = <T>(parts: fc.Arbitrary<T>, make: (base: Valid, part: T) => string) =>
    fc.tuple(valid, parts).map(([base, part]) => make(base, part));

  const inserted = on(fc.tuple(tokenLevel, fc.nat()), (base, [fragment, at]) => {
    const spots = tokensOutsideLiterals(base.text);
    const spot = spots[at % spots.length] ?? base.text.length;
    return `${base.text.slice(0, spot)}${fragment}${base.text.slice(spot)}`;
  });
  const swappedValue = on(valueLevel, (base, v) => base.text.replace(base.value, v));
  const swappedTable = on(tableLevel, (base, t) => base.text.replace('"content_blog"', t));
  const withTail = on(tail, (base, t) => `${base.text.replace(/ ORDER BY.*$/, "")}${t}`);
  const swappedSelect = on(selectLevel, (base, x) => base.text.replace(base.select, x));
  const withPrefix = on(prefix, (base, p) => `${p}${base.text}`);
  const swappedCondition = on(condition, (base, c) => base.text.replace(base.condition, c));
  const stacked = on(
    fc.array(fc.oneof(swappedValue, swappedTable, swappedSelect), { minLength: 1, maxLength: 2 }),
    (base, parts) => `${base.text}; ${parts.join("; ")}`,
  );

  const base = fc.oneof(
    inserted,
    swappedValue,
    swappedTable,
    withTail,
    swappedSelect,
    withPrefix,
    swappedCondition,
    stacked,
  );
  // Case and whitespace games that some filters fall for.
  return fc
    .tuple(base, fc.constantFrom("none", "lower", "upper", "tabs", "newlines"))
    .map(([text, game]) => {
      switch (game) {
        case "lower":
          return text.toLowerCase();
        case "upper":
          return text.replace(/\b(select|from|where|union|limit)\b/gi, (m) => m.toUpperCase());
        case "tabs":
          return text.replaceAll(" ", "\t");
        case "newlines":
          return text.replaceAll(" ", "\n");
        default:
          return text;
      }
    });
}
