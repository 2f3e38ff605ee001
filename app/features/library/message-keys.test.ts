/**
 * Keys put together from data (`dataKey`, app/lib/i18n/translate.ts) escape typecheck, so
 * every value each family can take is checked here against locales/en.json (the other
 * locales are held to English's keys by the i18n tests).
 */
import { describe, expect, it } from "vitest";
import english from "../../../locales/en.json";
import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  MATERIAL_TYPES,
  TOPICS,
} from "~/features/library/vocabulary";
import { DURATION_BUCKETS } from "~/features/library/search-params";

const FAMILIES: [string, readonly string[]][] = [
  ["library.type", EXERCISE_TYPES],
  ["library.level", CEFR_LEVELS],
  ["library.topic", TOPICS],
  ["library.grouping", GROUPINGS],
  ["library.audience", AUDIENCES],
  ["library.duration", DURATION_BUCKETS],
  ["materials.typeName", MATERIAL_TYPES],
  ["lessons.status", ["planned", "done"]],
  ["error", ["401.title", "403.title", "404.title", "500.title", "503.title"]],
];

describe("keys built from data", () => {
  it.each(FAMILIES)("%s has a message for every value", (prefix, values) => {
    const missing = values.filter((value) => !(`${prefix}.${value}` in english));
    expect(missing).toEqual([]);
  });
});
