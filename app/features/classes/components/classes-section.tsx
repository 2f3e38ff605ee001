import { Link, href } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { LevelSelect } from "~/features/library";
import { useRootData } from "~/features/site";
import { isolatePaths } from "~/lib/bidi";
import { useFormChecks, useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { ClassSchema } from "../class-schema";
import { joinUrl } from "../join-url";
import type { listClasses } from "../classes.server";
import { useStudentsAction, useStudentsForms } from "~/features/students";

/** The teacher's classes, with a form to create one (students/new-class). */
export function ClassesSection({ classes }: { classes: Awaited<ReturnType<typeof listClasses>> }) {
  const t = useT();
  const origin = useRootData()?.env.appOrigin ?? "";
  const message = useMessage();
  const { fetcher, answer } = useStudentsForms();
  const action = useStudentsAction("new-class");
  const { errors, values, formProps } = useFormChecks(
    ClassSchema,
    answer && "errors" in answer && answer.intent === "new-class" ? answer : undefined,
  );
  return (
    <section
      aria-labelledby="classes"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="classes" className="text-lg font-semibold text-ink">
        {t("classes.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("classes.intro")}</p>
      {classes.length ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {classes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link
                  to={href("/class/:id", { id: c.id })}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {c.name}
                </Link>
                <p className="text-sm wrap-anywhere text-slate-600">
                  {c.level ? `${c.level} · ` : ""}
                  {t("classes.members", { count: c.members })} ·{" "}
                  {isolatePaths(t("classes.joinLink", { url: joinUrl(origin, c.joinCode) }))}
                </p>
              </div>
              <ButtonLink to={href("/class/:id", { id: c.id })} theme="white" size="small">
                {t("classes.open")}
                <span className="sr-only"> {c.name}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form
        method="post"
        action={action}
        {...formProps}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <TextField
          label={t("classes.name")}
          name="name"
          required
          maxLength={80}
          defaultValue={values.name}
          error={message(errors.name)}
        />
        <LevelSelect
          label={t("students.level")}
          emptyLabel={t("students.levelUnknown")}
          defaultValue=""
        />
        <Button type="submit" theme="white">
          {t("classes.create")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
