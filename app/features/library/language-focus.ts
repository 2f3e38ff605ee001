/**
 * The grammar points and language functions teachers plan by (issue 18 item 3), as one fixed
 * vocabulary. Each exercise's `languageFocus` is written in the author's own words ("Would
 * rather; second conditional", "Agreeing and disagreeing politely"); these rules read those
 * words into the vocabulary, so the library's filters can count and narrow by them. An
 * exercise may teach several points; a point whose words appear nowhere is not claimed.
 */

export const GRAMMAR_POINTS = [
  "present-simple",
  "present-continuous",
  "past-simple",
  "past-continuous",
  "present-perfect",
  "past-perfect",
  "future-forms",
  "conditionals",
  "modals",
  "comparatives",
  "relative-clauses",
  "passive",
  "reported-speech",
  "questions",
  "used-to",
  "wishes-regrets",
  "verb-patterns",
  "there-is-are",
  "have-got-possessives",
  "prepositions",
  "imperatives",
  "quantifiers",
  "adjectives-adverbs",
  "linking-words",
  "hedging",
  "emphasis",
  "formal-register",
  "preferences",
] as const;
export type GrammarPoint = (typeof GRAMMAR_POINTS)[number];

export const LANGUAGE_FUNCTIONS = [
  "agreeing-disagreeing",
  "giving-opinions",
  "giving-reasons",
  "preferences-choices",
  "suggestions-advice",
  "describing",
  "comparing",
  "storytelling",
  "speculating",
  "asking-questions",
  "requests-complaints",
  "negotiating",
  "plans-arrangements",
  "paraphrasing",
  "evaluating-arguing",
  "hedging-tact",
  "directions-places",
  "summarising-reporting",
  "feelings",
  "habits-routines",
] as const;
type LanguageFunction = (typeof LANGUAGE_FUNCTIONS)[number];

const GRAMMAR_RULES: Record<GrammarPoint, RegExp> = {
  "present-simple": /present simple|present tense|narrative present|simple present/,
  "present-continuous": /present continuous|present progressive/,
  "past-simple": /past simple|simple past|narrative tenses|past tense/,
  "past-continuous": /past continuous|past progressive|narrative tenses/,
  "present-perfect": /present perfect/,
  "past-perfect": /past perfect|narrative tenses/,
  "future-forms":
    /going to|\bwill\b|future|shall\b|present continuous for (arrangements|plans)|be about to/,
  conditionals:
    /conditional|hypothetic|\bif clauses?|when and if|suppos(e|ing)|what if|were i|given the choice|unreal/,
  modals:
    /modal|\bshould\b|\bmust\b|mustn't|have to|has to|had to|\bmight\b|\bcould\b|\bcan\b|can't|ought|probability|likelihood|allowed to|supposed to|expected to|obliged|need to|would you mind/,
  comparatives: /comparative|superlative|comparison|as \.\.\. as/,
  "relative-clauses": /relative clause|\bwho\b|\bwhich\b|a place where|a person who|something that/,
  passive: /passive|causative|have something done|get something done/,
  "reported-speech": /reported|indirect (question|speech)|reporting verbs/,
  questions: /question|wh-/,
  "used-to": /used to|would for past|past habits|habitual|be used to|get used to/,
  "wishes-regrets": /\bwish|if only|regret|should have|could have|would have/,
  "verb-patterns": /gerund|infinitive|-ing\b|verb patterns?|verbs of perception|makes me feel/,
  "there-is-are": /there is|there are|there's|there was|there were/,
  "have-got-possessives": /have got|has got|possessive/,
  prepositions: /preposition|in, on|next to|opposite\b|between\b/,
  imperatives: /imperative|instructions/,
  quantifiers:
    /countable|some and any|some \/ any|\bmuch\b|\bmany\b|quantifier|a lot of|plural nouns/,
  "adjectives-adverbs":
    /adjective|adverb|degree modifier|intensifier|frequency|so and such|too and enough/,
  "linking-words":
    /linking|linker|connector|discourse marker|contrast|concessi|cause and (effect|consequence)|causation|attribution|leads to|as a result|sequenc|although|however|whereas|even though|because\b/,
  hedging:
    /hedg|tentative|soften|qualif|generalis|distanc|tend to|by and large|to a (certain|limited) extent/,
  emphasis: /cleft|inversion|fronting|emphasis|emphatic|what i (love|like|mean)/,
  "formal-register": /formal|nominalis|noun phrase|participle clause|register/,
  preferences: /would rather|i'd rather|prefer|i'd sooner|would you rather/,
};

const FUNCTION_RULES: Record<LanguageFunction, RegExp> = {
  "agreeing-disagreeing": /agree|disagree|conced|counter-?argu|partial agreement/,
  "giving-opinions": /opinion|\bview|stance|position|what you think|balanced/,
  "giving-reasons": /reason|justif|explain|example|because/,
  "preferences-choices": /prefer|choice|choos|would rather|option|favourite|likes and dislikes/,
  "suggestions-advice": /suggest|advice|advis|recommend|propos|solution/,
  describing: /describ|defin|saying|talking about|what things are/,
  comparing: /compar|contrast|advantages|pros and cons|similarit|differen/,
  storytelling: /stor(y|ies)|anecdote|narrat|memor|sequenc|recount|past events|happened/,
  speculating: /speculat|guess|predict|hypothes|deduc|certain|possib|imagin|what would/,
  "asking-questions":
    /question|follow(ing)?[- ]up|showing interest|asking (about|for information|for details)|interview/,
  "requests-complaints": /request|complain|favour|apolog|refus|ask(ing)? for help|thank/,
  negotiating:
    /negotiat|persuad|compromis|consensus|decision|decid|convinc|bargain|agree on|priorit/,
  "plans-arrangements": /plan|arrang|invit|future|booking|appointment/,
  paraphrasing: /paraphras|circumlocut|explaining words|defining|definition|word you don't know/,
  "evaluating-arguing":
    /evaluat|assess|weigh|challeng|evidence|argu|analog|assumption|critic|risk|source|principle|distinguish/,
  "hedging-tact": /reservation|doubt|hedg|tact|diplomat|generalis|soften|sensitive|delicate/,
  "directions-places": /direction|where things|location|way to|getting around/,
  "summarising-reporting": /summar|report|sum(ming)? up|conclud/,
  feelings: /feeling|emotion|sympath|encourag|reassur|mood/,
  "habits-routines": /habit|routine|rules|how often|frequency|daily/,
};

/**
 * The author's words without their examples: "(We've known each other for ten years)" or
 * "'You use it to...'" show a point, they do not name one ("can" in an example is no lesson
 * on modals).
 */
function named(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/['‘]([^'’]*)['’]/g, (_quote, inner: string) =>
      inner.includes("...") && inner.trim().split(/\s+/).length >= 3 ? " " : inner,
    );
}

/** The grammar points an exercise's grammar focus names. */
export function grammarPointsOf(grammar: string | null | undefined): GrammarPoint[] {
  if (!grammar) return [];
  const text = named(grammar);
  return GRAMMAR_POINTS.filter((point) => GRAMMAR_RULES[point].test(text));
}

/** The language functions an exercise's functions name. */
export function languageFunctionsOf(functions: readonly string[] | null | undefined) {
  const text = named((functions ?? []).join(" · "));
  if (!text) return [];
  return LANGUAGE_FUNCTIONS.filter((f) => FUNCTION_RULES[f].test(text));
}
