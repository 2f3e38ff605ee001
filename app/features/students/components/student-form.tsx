import { TextAreaField, TextField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { LevelSelect } from "~/features/library";
import { useFormChecks, useMessage, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { StudentSchema } from "../schemas";
import type { StudentDetails } from "../students-page.server";
import { useStudentsAction, useStudentsForms } from "./students-forms";

/** Adding a student (posts to students/new) or editing one (students/update). */
export function StudentForm({
  intent,
  failure,
  student,
}: {
  intent: "create" | "update";
  failure?: FormFailure;
  student?: StudentDetails;
}) {
  const t = useT();
  const message = useMessage();
  const { fetcher } = useStudentsForms();
  const action = useStudentsAction(intent === "create" ? "new" : "update");
  const { errors, formProps } = useFormChecks(StudentSchema, failure);
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...formProps}
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      {student ? <input type="hidden" name="id" value={student.id} /> : null}
      <TextField
        label={t("students.name")}
        name="name"
        required
        maxLength={120}
        defaultValue={value("name", student?.name ?? "")}
        error={message(errors.name)}
      />
      <TextField
        label={t("students.email")}
        name="email"
        type="email"
        maxLength={254}
        hint={t("students.emailHint")}
        defaultValue={value("email", student?.email ?? "")}
        error={message(errors.email)}
      />
      <LevelSelect
        label={t("students.level")}
        emptyLabel={t("students.levelUnknown")}
        defaultValue={value("level", student?.level ?? "")}
        error={errors.level ? message(errors.level) : undefined}
        fullWidth
      />
      <TextField
        label={t("students.tags")}
        name="tags"
        maxLength={400}
        hint={t("students.tagsHint")}
        defaultValue={value("tags", student?.tags.join(", ") ?? "")}
        error={message(errors.tags)}
      />
      <TextAreaField
        label={t("students.goals")}
        name="goals"
        rows={3}
        maxLength={2000}
        defaultValue={value("goals", student?.goals ?? "")}
        error={message(errors.goals)}
        className="sm:col-span-2"
      />
      <TextAreaField
        label={t("students.notes")}
        name="notes"
        rows={3}
        maxLength={5000}
        hint={t("students.notesHint")}
        defaultValue={value("notes", student?.notes ?? "")}
        error={message(errors.notes)}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={fetcher.state === "submitting"}>
          {intent === "create" ? t("students.addButton") : t("students.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
