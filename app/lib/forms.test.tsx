// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "~/lib/zod";
import { answerMessage, formDone, formRefused, useFormChecks, type FormFailure } from "./forms";

afterEach(cleanup);

const Schema = z.object({ name: z.string().trim().min(1) });

function NameForm({ failure, onSent }: { failure?: FormFailure; onSent: () => void }) {
  const { errors, values, formProps } = useFormChecks(Schema, failure);
  return (
    <form
      aria-label="name form"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (!event.defaultPrevented) {
          event.preventDefault();
          onSent();
        }
      }}
    >
      <input name="name" aria-label="Name" defaultValue={values.name} />
      {errors.name ? <p role="alert">{errors.name.key}</p> : null}
    </form>
  );
}

describe("useFormChecks (the one form pipeline)", () => {
  it("turns off the browser's own bubbles", () => {
    render(<NameForm onSent={() => {}} />);
    expect(screen.getByRole("form", { name: "name form" })).toHaveProperty("noValidate", true);
  });

  it("stops a form with mistakes and shows the schema's message; sends a good one", () => {
    const sent = vi.fn();
    render(<NameForm onSent={sent} />);
    const form = screen.getByRole("form", { name: "name form" });
    fireEvent.submit(form);
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toMatch(/^validation\./);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.submit(form);
    expect(sent).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the server's answer and what was typed until the browser finds something", () => {
    render(
      <NameForm
        failure={{ errors: { name: { key: "validation.required" } }, values: { name: " " } }}
        onSent={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("validation.required");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe(" ");
  });
});

describe("the one action answer shape", () => {
  it("reads a done answer as its notice, a refusal as the form's message", () => {
    expect(answerMessage(formDone("school.invited", { email: "a@b.c" }))).toEqual({
      ok: true,
      key: "school.invited",
      values: { email: "a@b.c" },
    });
    const refused = formRefused("membership.error.noBilling", 409);
    expect(refused.init?.status).toBe(409);
    expect(answerMessage(refused.data)).toEqual({ ok: false, key: "membership.error.noBilling" });
  });

  it("has nothing to say for no answer, or a failure whose messages are by its fields", () => {
    expect(answerMessage(undefined)).toBeNull();
    expect(answerMessage({ errors: { name: { key: "validation.required" } }, values: {} })).toBe(
      null,
    );
  });
});
