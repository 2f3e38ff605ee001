import { describe, expect, it } from "vitest";
import { citationProblems, itemPath, type CitableItem } from "./newsletter-citations";

const items = new Map<string, CitableItem>([
  [
    itemPath("exercise", "lost-luggage"),
    { title: "Lost Luggage at the Airport", publishedAt: "2026-09-14" },
  ],
  [itemPath("listening", "a1-cafe"), { title: "Ordering at a café", publishedAt: "2025-03-04" }],
]);

describe("newsletter citations", () => {
  it("accepts links to items that exist, by their title, published before the newsletter", () => {
    const body = `Hello\n\n## New in the library\n\n- **[Lost Luggage at the Airport](/dashboard/exercises/lost-luggage)** (B1). A role-play.\n\nPair it with [Ordering at a café](/dashboard/listening?track=a1-cafe).\n\n## Tip\n\n- any advice here`;
    expect(citationProblems(body, "2026-10-01", items)).toEqual([]);
  });

  it("names each kind of false citation", () => {
    const body = `## New in the library\n\n- **The Lost Wallet (B1, listening track).** A story.\n- [Lost luggage](/dashboard/exercises/lost-luggage)\n- [Ghost](/dashboard/materials/ghost)\n`;
    expect(citationProblems(body, "2026-09-01", items)).toEqual([
      'calls /dashboard/exercises/lost-luggage "Lost luggage"; its title is "Lost Luggage at the Airport"',
      "cites /dashboard/exercises/lost-luggage, published 2026-09-14, after the newsletter",
      "links to /dashboard/materials/ghost, which is not in the library",
      '"New in the library" names an item without linking to it: - **The Lost Wallet (B1, listening track).** A story.',
    ]);
  });
});
