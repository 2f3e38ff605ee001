import { data } from "react-router";
import type { Services } from "~/lib/services.server";
import { notFound } from "~/lib/not-found";
import { listClasses } from "~/features/classes/index.server";
import { formFailure } from "~/lib/forms";
import type { StudentsAnswer } from "./components/students-forms";
import { parseCsv } from "./csv";
import { readRoster } from "./schemas";
import {
  getStudent,
  importStudents,
  listStudents,
  studentHistory,
  type StudentRow,
} from "./students.server";

/** /dashboard/students: the roster; ?student={id} opens one of the teacher's students. */
export async function studentsPageData(services: Services, teacherId: string, request: Request) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const archived = url.searchParams.get("archived") === "1";
  const id = url.searchParams.get("student");
  if (id) {
    const student = await getStudent(services, teacherId, id);
    if (!student) notFound(request);
    return {
      view: "student" as const,
      student: serializeStudent(student),
      history: await studentHistory(services, teacherId, id),
    };
  }
  return {
    view: "list" as const,
    q,
    archived,
    students: await listStudents(services, teacherId, { q, archived }),
    classes: await listClasses(services, teacherId),
  };
}

export type StudentsPageData = Awaited<ReturnType<typeof studentsPageData>>;

function serializeStudent(s: StudentRow) {
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    level: s.level,
    goals: s.goals,
    notes: s.notes,
    tags: s.tags,
    archived: s.archivedAt !== null,
  };
}

export type StudentDetails = ReturnType<typeof serializeStudent>;

const MAX_CSV_BYTES = 256 * 1024;
/** A form with a CSV file: the file, plus room for the other fields. */
export const MAX_IMPORT_FORM_BYTES = MAX_CSV_BYTES + 16 * 1024;

/**
 * Reads the roster sent to the import (an uploaded file, or the pasted or previewed text),
 * checks each row, and saves the good ones when `save`: the answer the import shows.
 */
export async function importRoster(
  services: Services,
  teacherId: string,
  form: FormData,
  save: boolean,
) {
  const file = form.get("file");
  const csv =
    file instanceof File && file.size > 0 ? await file.text() : String(form.get("csv") ?? "");
  if (csv.length > MAX_CSV_BYTES)
    return formFailure<StudentsAnswer>(
      {
        intent: "import-error",
        errors: {},
        values: {},
        formError: { key: "students.import.tooBig" },
      },
      413,
    );
  const roster = readRoster(parseCsv(csv));
  if (!roster)
    return formFailure<StudentsAnswer>({
      intent: "import-error",
      errors: {},
      values: {},
      formError: { key: "students.import.noHeader" },
    });
  const imported = save
    ? await importStudents(
        services,
        teacherId,
        roster.rows.flatMap((r) => (r.student ? [r.student] : [])),
      )
    : 0;
  return data<StudentsAnswer>({
    intent: save ? "import" : "import-preview",
    csv,
    rows: roster.rows,
    imported,
  });
}
