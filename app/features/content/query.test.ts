import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS, type CollectionName } from "./collections";
import { loadSqlParser, QueryRejected, validateQuery } from "./guard.server";
import { attack, builderQuery, toBuilder } from "../../../tests/support/content-arbitraries";
import { contentQuery, quoteLiteral, ContentQueryError } from "./query";

beforeAll(async () => {
  await loadSqlParser();
});

describe("the content query builder", () => {
  it("orders by stem ascending by default", () => {
    expect(contentQuery("faq").toSql()).toBe(
      'SELECT * FROM "content_faq" ORDER BY "stem" ASC NULLS LAST',
    );
  });

  it("writes where, order, limit, skip and select", () => {
    const q = contentQuery("blog")
      .where("locale", "=", "pl")
      .where("readingMinutes", ">=", 5)
      .order("publishedAt", "DESC")
      .limit(3)
      .skip(6)
      .select("title", "path");
    expect(q.toSql()).toBe(
      `SELECT "title", "path" FROM "content_blog" WHERE "locale" = 'pl' AND "readingMinutes" >= 5 ORDER BY "publishedAt" DESC NULLS FIRST, "stem" ASC NULLS LAST LIMIT 3 OFFSET 6`,
    );
  });

  it("groups conditions with andWhere / orWhere", () => {
    const q = contentQuery("faq")
      .where("locale", "=", "en")
      .orWhere((g) =>
        g.where("category", "IN", ["schools", "exercises"]).where("position", "<", 10),
      );
    expect(q.toSql()).toContain(
      `WHERE "locale" = 'en' AND ("category" IN ('schools', 'exercises') OR "position" < 10)`,
    );
  });

  it("quotes strings with single quotes, doubling inner quotes", () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral("''")).toBe("''''''");
    expect(quoteLiteral(true)).toBe("TRUE");
    expect(quoteLiteral(-4)).toBe("-4");
    expect(() => quoteLiteral(1.5)).toThrow(ContentQueryError);
    expect(() => quoteLiteral("a\u0000b")).toThrow(ContentQueryError);
  });

  it("counts, optionally distinct values of a column", () => {
    expect(contentQuery("faq").where("locale", "=", "pl").toCountSql()).toBe(
      `SELECT COUNT(*) AS "count" FROM "content_faq" WHERE "locale" = 'pl'`,
    );
    expect(contentQuery("faq").toCountSql("category", true)).toBe(
      `SELECT COUNT(DISTINCT "category") AS "count" FROM "content_faq"`,
    );
  });

  it("writes the changelog lookup of spec §7", () => {
    const sql = contentQuery("changelog")
      .order("publishedAt", "DESC")
      .select("id", "title", "publishedAt")
      .toSql(1);
    expect(sql).toBe(
      `SELECT "id", "title", "publishedAt" FROM "content_changelog" ORDER BY "publishedAt" DESC NULLS FIRST, "stem" ASC NULLS LAST LIMIT 1`,
    );
  });

  it("skips without a limit by capping rows (SQLite needs a LIMIT before OFFSET)", () => {
    expect(contentQuery("blog").skip(2).toSql()).toMatch(/LIMIT 1000 OFFSET 2$/);
  });

  it("refuses bad input instead of writing bad SQL", () => {
    expect(() => contentQuery("blog").limit(-1)).toThrow(ContentQueryError);
    expect(() => contentQuery("blog").where("locale", "IN", []).toSql()).toThrow(ContentQueryError);
    expect(() => contentQuery("blog").where("title", "LIKE", "ends with \\")).toThrow(
      ContentQueryError,
    );
  });
});

describe("the guard accepts everything the builder writes", () => {
  for (const collection of COLLECTIONS) {
    it(`${collection}`, () => {
      fc.assert(
        fc.property(builderQuery(collection), (spec) => {
          const q = toBuilder(collection, spec);
          const sql = spec.count ? q.toCountSql() : q.toSql();
          expect(() => validateQuery(collection, sql)).not.toThrow();
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe("the guard", () => {
  const rejects = (sql: string, collection: CollectionName = "blog") =>
    expect(() => validateQuery(collection, sql)).toThrow(QueryRejected);

  it.each([
    ["a second statement", `SELECT * FROM "content_blog"; DROP TABLE "content_blog"`],
    ["a trailing semicolon", `SELECT * FROM "content_blog";`],
    ["UNION", `SELECT "title" FROM "content_blog" UNION SELECT "email" FROM "user"`],
    ["a system catalog", `SELECT * FROM pg_catalog.pg_user`],
    ["information_schema", `SELECT * FROM information_schema.tables`],
    ["another collection's table", `SELECT * FROM "content_email"`],
    ["a line comment", `SELECT * FROM "content_blog" -- WHERE "locale" = 'pl'`],
    ["a block comment", `SELECT * FROM /* x */ "content_blog"`],
    ["dollar quoting", `SELECT * FROM "content_blog" WHERE "title" = $$x$$`],
    ["an E string", `SELECT * FROM "content_blog" WHERE "title" = E'\\x41'`],
    ["pg_sleep", `SELECT * FROM "content_blog" WHERE "readingMinutes" = pg_sleep(5)`],
    ["a function in the select list", `SELECT version() FROM "content_blog"`],
    ["a subquery", `SELECT * FROM "content_blog" WHERE "title" IN (SELECT "email" FROM "user")`],
    ["a cast", `SELECT * FROM "content_blog" WHERE "readingMinutes" = '1'::int`],
    ["CAST()", `SELECT * FROM "content_blog" WHERE "readingMinutes" = CAST('1' AS int)`],
    ["a join", `SELECT * FROM "content_blog", "user"`],
    ["WITH", `WITH x AS (SELECT 1) SELECT * FROM "content_blog"`],
    ["INTO", `SELECT * INTO evil FROM "content_blog"`],
    ["FOR UPDATE", `SELECT * FROM "content_blog" FOR UPDATE`],
    ["NOT", `SELECT * FROM "content_blog" WHERE NOT "locale" = 'en'`],
    ["ILIKE", `SELECT * FROM "content_blog" WHERE "title" ILIKE 'a%'`],
    ["a regex", `SELECT * FROM "content_blog" WHERE "title" ~ 'a'`],
    ["an unknown column", `SELECT "password" FROM "content_blog"`],
    ["a qualified column", `SELECT "content_blog"."title" FROM "content_blog"`],
    ["a json column in WHERE", `SELECT * FROM "content_blog" WHERE "tags" = '[]'`],
    ["a type mismatch", `SELECT * FROM "content_blog" WHERE "readingMinutes" = 'five'`],
    ["= NULL", `SELECT * FROM "content_blog" WHERE "title" = NULL`],
    ["LIMIT ALL", `SELECT * FROM "content_blog" LIMIT ALL`],
    ["a negative LIMIT", `SELECT * FROM "content_blog" LIMIT -1`],
    ["a LIMIT expression", `SELECT * FROM "content_blog" LIMIT 1 + 1`],
    ["GROUP BY", `SELECT "locale" FROM "content_blog" GROUP BY "locale"`],
    ["DISTINCT", `SELECT DISTINCT "locale" FROM "content_blog"`],
    ["an alias", `SELECT "title" AS "t" FROM "content_blog"`],
    ["ONLY", `SELECT * FROM ONLY "content_blog"`],
    ["a schema", `SELECT * FROM public."content_blog"`],
    ["a table alias", `SELECT * FROM "content_blog" b`],
    ["INSERT", `INSERT INTO "content_blog" ("id") VALUES ('x')`],
    ["a LIKE with ESCAPE", `SELECT * FROM "content_blog" WHERE "title" LIKE 'a!%' ESCAPE '!'`],
    ["COLLATE", `SELECT * FROM "content_blog" ORDER BY "title" COLLATE "C"`],
    ["a parameter", `SELECT * FROM "content_blog" WHERE "title" = $1`],
    ["a Unicode escape", `SELECT * FROM "content_blog" WHERE "title" = U&'\\0041'`],
    ["continued string literals", `SELECT * FROM "content_blog" WHERE "title" = 'a'\n'b'`],
    ["a bit string", `SELECT * FROM "content_blog" WHERE "title" = B'1'`],
    ["VALUES", `VALUES (1)`],
    ["TABLE", `TABLE "content_blog"`],
    ["an empty string", ``],
    ["NUL", `SELECT * FROM "content_blog"\u0000`],
    ["count with ORDER BY", `SELECT COUNT(*) FROM "content_blog" ORDER BY "stem"`],
    ["count mixed with columns", `SELECT COUNT(*), "title" FROM "content_blog"`],
    ["sum", `SELECT SUM("readingMinutes") FROM "content_blog"`],
    ["a window", `SELECT COUNT(*) OVER () FROM "content_blog"`],
    ["a FILTER", `SELECT COUNT(*) FILTER (WHERE true) FROM "content_blog"`],
    ["a lone escape at the end of a LIKE", `SELECT * FROM "content_blog" WHERE "title" LIKE 'a\\'`],
  ])("rejects %s", (_label, sql) => rejects(sql));

  it("rejects queries that are too long or too deep", () => {
    rejects(`SELECT * FROM "content_blog" WHERE ${Array(800).fill(`"title" = 'x'`).join(" OR ")}`);
    let nested = `"title" = 'x'`;
    for (let i = 0; i < 20; i++) nested = `("title" = 'y' ${i % 2 ? "AND" : "OR"} ${nested})`;
    rejects(`SELECT * FROM "content_blog" WHERE ${nested}`);
    // Redundant parentheses are flattened by the parser and harmless.
    expect(() =>
      validateQuery(
        "blog",
        `SELECT * FROM "content_blog" WHERE ${"(".repeat(40)}"title" = 'x'${")".repeat(40)}`,
      ),
    ).not.toThrow();
  });

  it("reads what it accepts", () => {
    const q = validateQuery(
      "blog",
      `SELECT "title" FROM "content_blog" WHERE "locale" = 'pl' AND ("readingMinutes" > 3 OR "title" LIKE 'A%') ORDER BY "publishedAt" DESC LIMIT 5000 OFFSET 1`,
    );
    expect(q.columns).toEqual(["title"]);
    expect(q.orders).toEqual([{ column: "publishedAt", direction: "DESC", nulls: "FIRST" }]);
    expect(q.limit).toBe(5000);
    expect(q.offset).toBe(1);
    expect(q.where).toMatchObject({ kind: "and" });
  });

  it("rejects 10,000 generated attacks", () => {
    // The same generator as the HTTP test (tests/integration/content-queries.test.ts), which
    // sends a thousand of them through the server and checks that the database ran none.
    const attacks = fc.sample(attack(), { numRuns: 10_000, seed: Date.now() % 2 ** 31 });
    expect(new Set(attacks).size).toBeGreaterThan(9_500);
    const accepted = attacks.filter((text) => {
      try {
        validateQuery("blog", text);
        return true;
      } catch (error) {
        if (error instanceof QueryRejected) return false;
        throw error;
      }
    });
    expect(accepted).toEqual([]);
  });
});
