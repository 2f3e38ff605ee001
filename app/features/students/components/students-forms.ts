import { useLocation } from "react-router";
import type { FormFailure } from "~/lib/forms";
import { usePageForms } from "~/lib/page-forms";
import type { CsvRowResult } from "../schemas";

/** What the students page's forms answer (each form posts to its own route). */
export type StudentsAnswer =
  | (FormFailure & { intent: "create" | "update" | "new-class" | "import-error" })
  | { intent: "import-preview" | "import"; csv: string; rows: CsvRowResult[]; imported: number }
  | { intent: "saved" };

/** The latest answer of the page's forms, and their shared fetcher. */
export function useStudentsForms() {
  return usePageForms<StudentsAnswer>("students");
}

/**
 * The address a form of the page posts to: its route, keeping the page's query (the open
 * student, the search), so that without JavaScript the answer comes on the same view.
 */
export function useStudentsAction(form: string) {
  return `/dashboard/students/${form}${useLocation().search}`;
}
