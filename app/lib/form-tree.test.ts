import { describe, expect, it } from "vitest";
import { formTree } from "./forms";

describe("formTree", () => {
  it("nests dotted names, turns name[] into lines and drops empty values", () => {
    const form = new FormData();
    form.set("record.title", "Weekend plans");
    form.set("record.topics[]", "travel\n\n daily-life ");
    form.set("record.items.0.text", "First");
    form.set("record.summary", "   ");
    expect(formTree(form)).toEqual({
      record: {
        title: "Weekend plans",
        topics: ["travel", "daily-life"],
        items: [{ text: "First" }],
      },
    });
  });

  it("never writes through a prototype", () => {
    const form = new FormData();
    form.set("__proto__.polluted", "yes");
    form.set("record.constructor.prototype.polluted", "yes");
    form.set("record.title", "Safe");
    expect(formTree(form)).toEqual({ record: { title: "Safe" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
