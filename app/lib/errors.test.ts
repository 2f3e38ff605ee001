import { describe, expect, it } from "vitest";
import { errorMessage, refuse } from "./errors";

describe("the error vocabulary", () => {
  it("answers a code with its status and message key", () => {
    const answer = refuse("classes", "locked");
    expect(answer.init?.status).toBe(403);
    expect(answer.data).toEqual({
      errors: {},
      values: {},
      formError: { key: "classes.error.locked", values: undefined },
      code: "locked",
    });
  });

  it("keeps the page's own fields and the message's values", () => {
    const answer = refuse("happyWeek", "school-covers", { message: { school: "Oak" } });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({
      code: "school-covers",
      formError: { key: "membership.schoolCovers", values: { school: "Oak" } },
    });
    expect(refuse("classes", "locked", { form: "share" }).data.form).toBe("share");
  });

  it("maps the same code to each area's own message", () => {
    expect(errorMessage("adminRights", "no-user")).toEqual({
      status: 404,
      messageKey: "adminUsers.error.invalid",
    });
    expect(errorMessage("adminSchools", "no-user")).toEqual({
      status: 409,
      messageKey: "adminSchools.error.noUser",
    });
  });

  it("has no code outside an area's list", () => {
    // @ts-expect-error: "locked" is not a lessons code
    expect(() => errorMessage("lessons", "locked")).toThrow();
  });
});
