import { describe, expect, it } from "vitest";
import { activeFilterChips } from "./components/library-filters";
import {
  interpretQuery,
  parseMaterialParams,
  parseSearchParams,
  searchParamsToQuery,
} from "./search-params";

describe("search parameters", () => {
  it("falls back to defaults for malformed or unknown values", () => {
    const p = parseSearchParams(
      new URLSearchParams(
        "level=Z9&level=b1&type=karaoke&topic=travel,nope&duration=forever&sort=random&page=-3&free=yes",
      ),
    );
    expect(p).toMatchObject({
      levels: ["B1"],
      types: [],
      topics: ["travel"],
      durations: [],
      sort: "relevance",
      page: 1,
      freeOnly: false,
    });
  });

  it("cuts a 10,000-character query", () => {
    expect(parseSearchParams(new URLSearchParams({ q: "x".repeat(10_000) })).q).toHaveLength(200);
  });

  it("round-trips through the URL", () => {
    const p = parseSearchParams(
      new URLSearchParams(
        "q=travel&level=B1&type=role-play&duration=11-20&free=1&sort=newest&page=2",
      ),
    );
    expect(parseSearchParams(searchParamsToQuery(p))).toEqual(p);
  });
});

describe("materials search parameters", () => {
  it("keeps material types, levels and topics, and drops the rest", () => {
    const p = parseMaterialParams(
      new URLSearchParams(
        "type=flashcards,karaoke&type=role-play&level=c1&topic=travel&free=1&favorites=yes&page=0",
      ),
    );
    expect(p).toEqual({
      q: "",
      types: ["flashcards"],
      levels: ["C1"],
      topics: ["travel"],
      freeOnly: true,
      favoritesOnly: false,
      page: 1,
    });
    expect(parseMaterialParams(searchParamsToQuery(p))).toEqual(p);
  });
});

describe("active filter chips", () => {
  it("removes one filter each, keeps the rest and goes back to the first page", () => {
    const chips = activeFilterChips(
      new URLSearchParams("q=travel&type=flashcards&type=board-game&free=1&page=3"),
      { type: (v) => `type ${v}`, free: () => "free only" },
    );
    expect(chips).toEqual([
      {
        key: "type:flashcards",
        label: "type flashcards",
        href: "?q=travel&type=board-game&free=1",
      },
      {
        key: "type:board-game",
        label: "type board-game",
        href: "?q=travel&type=flashcards&free=1",
      },
      { key: "free:1", label: "free only", href: "?q=travel&type=flashcards&type=board-game" },
    ]);
  });
});

describe("reading the query", () => {
  it.each([
    [
      "B1 role-play about travel for 15 minutes",
      { text: "travel", levels: ["B1"], types: ["role-play"], minutes: 15 },
    ],
    ["c2 debate", { text: "", levels: ["C2"], types: ["debate"], minutes: null }],
    [
      "would you rather food 10 min",
      { text: "food", levels: [], types: ["would-you-rather"], minutes: 10 },
    ],
    [
      "roleplay at the doctor",
      { text: "at doctor", levels: [], types: ["role-play"], minutes: null },
    ],
    ["environment", { text: "environment", levels: [], types: [], minutes: null }],
  ])("%s", (q, expected) => {
    expect(interpretQuery(q)).toEqual(expected);
  });
});
