import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { AnswerAlert } from "~/components/answer-alert";
import { useStudentsAction, useStudentsForms, type StudentsAnswer } from "./students-forms";
import { dataKey } from "~/lib/i18n/translate";

/**
 * The CSV import: a file or pasted text is checked first (students/import-check), and the
 * good rows of the preview are saved on confirmation (students/import).
 */
export function StudentImport({ answer }: { answer: StudentsAnswer | undefined }) {
  const t = useT();
  const { fetcher } = useStudentsForms();
  const checkAction = useStudentsAction("import-check");
  const importAction = useStudentsAction("import");
  const message = useMessage();
  const result = answer?.intent === "import-preview" || answer?.intent === "import" ? answer : null;
  const good = result?.rows.filter((r) => r.student).length ?? 0;
  const bad = result?.rows.filter((r) => !r.student) ?? [];
  return (
    <details
      className="rounded-2xl border border-slate-200 bg-white p-5"
      open={result || answer?.intent === "import-error" ? true : undefined}
    >
      <summary className="cursor-pointer font-semibold text-ink">
        {t("students.import.title")}
      </summary>
      <p className="mt-2 text-sm text-slate-600">{t("students.import.help")}</p>
      {answer?.intent === "import-error" ? <AnswerAlert answer={answer} className="mt-4" /> : null}
      {result?.intent === "import" ? (
        <Alert tone={bad.length ? "info" : "success"} className="mt-4">
          {t("students.import.done", { count: result.imported })}
          {bad.length ? ` ${t("students.import.skipped", { count: bad.length })}` : ""}
        </Alert>
      ) : null}
      {result?.intent === "import-preview" ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">
            {t("students.import.preview", { count: good })}
            {bad.length ? ` ${t("students.import.withErrors", { count: bad.length })}` : ""}
          </p>
          <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.import.line")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.name")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.level")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.import.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-100">
                    <td className="px-3 py-1.5">{r.line}</td>
                    <td className="px-3 py-1.5">{r.input.name}</td>
                    <td className="px-3 py-1.5">{r.input.level}</td>
                    <td className="px-3 py-1.5">
                      {r.student ? (
                        <span className="text-emerald-700">{t("students.import.ok")}</span>
                      ) : (
                        <span className="text-red-700">
                          {Object.entries(r.errors)
                            .map(
                              ([field, m]) =>
                                `${t(dataKey(`students.${field}`))}: ${message(m) ?? ""}`,
                            )
                            .join("; ")}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {good ? (
            <fetcher.Form method="post" action={importAction}>
              <input type="hidden" name="csv" value={result.csv} />
              <Button type="submit">{t("students.import.confirm", { count: good })}</Button>
            </fetcher.Form>
          ) : null}
        </div>
      ) : (
        <fetcher.Form
          method="post"
          action={checkAction}
          encType="multipart/form-data"
          className="mt-4 space-y-3"
        >
          <label className="block text-sm font-medium text-slate-800">
            {t("students.import.file")}
            <input type="file" name="file" accept=".csv,text/csv" className="mt-1 block text-sm" />
          </label>
          <TextAreaField
            label={t("students.import.paste")}
            name="csv"
            rows={4}
            placeholder={
              "name,email,level,goals,tags\nAnna Kowalska,anna@example.com,B1,IELTS in June,exam"
            }
          />
          <Button type="submit" theme="white">
            {t("students.import.check")}
          </Button>
        </fetcher.Form>
      )}
    </details>
  );
}
