import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Database } from "~/lib/db.server";
import { pageUserOrganization } from "./profile.server";

/** A database that answers the school query with no school and counts how often it is asked. */
function countingDb() {
  const counter = { queries: 0 };
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: () => {
      counter.queries++;
      return Promise.resolve([]);
    },
  };
  // Only the query builder's shape the school query uses.
  const db = { select: () => chain } as unknown as Database;
  return { db, counter };
}

const user = (id: string) => ({ id }) as SessionUser;

describe("a page's read of the user's school", () => {
  it("asks the database once per request, however many loaders want it", async () => {
    const { db, counter } = countingDb();
    const request = user("u1");
    const [a, b] = await Promise.all([
      pageUserOrganization(db, request),
      pageUserOrganization(db, request),
    ]);
    expect(a).toBeNull();
    expect(b).toBeNull();
    expect(counter.queries).toBe(1);
  });

  it("asks again for the next request (its own user object)", async () => {
    const { db, counter } = countingDb();
    await pageUserOrganization(db, user("u1"));
    await pageUserOrganization(db, user("u1"));
    expect(counter.queries).toBe(2);
  });
});
