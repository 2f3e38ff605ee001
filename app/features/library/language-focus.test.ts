import { describe, expect, it } from "vitest";
import { grammarPointsOf, languageFunctionsOf } from "./language-focus";
import { loadExerciseFiles } from "./sync.server";

describe("grammar points and language functions", () => {
  it("reads the author's words, not the examples in brackets", () => {
    expect(grammarPointsOf("Present perfect with for and since (We've known each other)")).toEqual([
      "present-perfect",
    ]);
    // "can" in an example is no lesson on modals.
    expect(grammarPointsOf("Relative clauses (You can use it when...)")).toEqual([
      "relative-clauses",
    ]);
    expect(grammarPointsOf("Would rather; second conditional")).toEqual([
      "conditionals",
      "preferences",
    ]);
    expect(grammarPointsOf("'should' / 'shouldn't' for advice")).toEqual(["modals"]);
    expect(
      grammarPointsOf("Narrative tenses: past simple, past continuous and past perfect"),
    ).toEqual(["past-simple", "past-continuous", "past-perfect"]);
    expect(grammarPointsOf(null)).toEqual([]);
    expect(
      languageFunctionsOf(["Agreeing and disagreeing politely", "Telling an anecdote"]),
    ).toEqual(["agreeing-disagreeing", "storytelling"]);
    expect(languageFunctionsOf([])).toEqual([]);
  });

  it("places nearly every exercise of the library under a grammar point and a function", () => {
    const exercises = loadExerciseFiles();
    const withGrammar = exercises.filter((e) => e.languageFocus.grammar);
    const withFunctions = exercises.filter((e) => (e.languageFocus.functions ?? []).length > 0);
    const placed = (n: number, of: number) => n / of;
    expect(
      placed(
        withGrammar.filter((e) => grammarPointsOf(e.languageFocus.grammar).length > 0).length,
        withGrammar.length,
      ),
    ).toBeGreaterThan(0.97);
    expect(
      placed(
        withFunctions.filter((e) => languageFunctionsOf(e.languageFocus.functions).length > 0)
          .length,
        withFunctions.length,
      ),
    ).toBeGreaterThan(0.97);
  });
});
