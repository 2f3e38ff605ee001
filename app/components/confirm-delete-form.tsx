import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/forms";

/**
 * A delete button behind a confirmation box (intent "delete", field "confirm"); when the box
 * was left empty the server answers an error on "confirm" and `required` says so here.
 */
export function ConfirmDeleteForm({
  answer,
  confirm,
  required,
  button,
}: {
  answer?: FormAnswer;
  confirm: string;
  required: string;
  button: string;
}) {
  const missing = Boolean(answer && "errors" in answer && answer.errors.confirm);
  const errorId = useId();
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="delete" />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="confirm"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? errorId : undefined}
          className="size-4 accent-brand-700"
        />
        {confirm}
      </label>
      <Button type="submit" theme="danger">
        {button}
      </Button>
      {missing ? (
        <p id={errorId} role="alert" className="w-full text-sm font-medium text-red-700">
          {required}
        </p>
      ) : null}
    </Form>
  );
}
