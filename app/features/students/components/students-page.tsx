import { useT } from "~/lib/i18n/react";
import { PostedAnswer } from "~/lib/page-forms";
import type { StudentsPageData } from "../students-page.server";
import { ClassesSection } from "~/features/classes";
import { Roster } from "./student-roster";
import { StudentView } from "./student-view";
import type { StudentsAnswer } from "./students-forms";

/**
 * The students page: the roster and the classes, or one student with their history.
 * `posted` is the answer of a form sent without JavaScript, which its route renders this with.
 */
export function StudentsPage({
  loaded,
  posted,
}: {
  loaded: StudentsPageData;
  posted?: StudentsAnswer;
}) {
  const t = useT();
  return (
    <PostedAnswer value={posted}>
      <title>{`${t("page.students.title")} · Parley`}</title>
      {loaded.view === "student" ? (
        <StudentView student={loaded.student} history={loaded.history} />
      ) : (
        <>
          <Roster q={loaded.q} archived={loaded.archived} students={loaded.students} />
          <ClassesSection classes={loaded.classes} />
        </>
      )}
    </PostedAnswer>
  );
}
