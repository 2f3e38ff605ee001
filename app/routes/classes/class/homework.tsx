import { useOutletContext } from "react-router";
import type { Route } from "./+types/homework";
import type { ClassPageData } from "~/features/classes/class-page.server";
import { teacherForm } from "~/features/classes/class-actions.server";
import { ClassPage } from "~/features/classes/components/class-page";

/**
 * Homework set for the class (a text and an optional due day).
 * One form per route module (issue 20): the class page's form posts here, through a fetcher
 * with JavaScript; without it the browser lands here and the page is rendered with this
 * form's answer (see ../class.tsx).
 */
export function action(args: Route.ActionArgs) {
  return teacherForm(args, ["homework"]);
}

export default function ClassForm({ actionData }: Route.ComponentProps) {
  return <ClassPage loaded={useOutletContext<ClassPageData>()} posted={actionData} />;
}
