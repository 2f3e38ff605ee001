import { useOutletContext } from "react-router";
import type { Route } from "./+types/live";
import type { ClassPageData } from "~/features/classes/class-page.server";
import { teacherForm } from "~/features/classes/class-actions.server";
import { ClassPage } from "~/features/classes/components/class-page";

/**
 * The live view's controls: present an exercise, move to a card, stop. They drive one
 * thing, the card on the students' screens, so the three live in one route.
 * One form per route module (issue 20): the class page's form posts here, through a fetcher
 * with JavaScript; without it the browser lands here and the page is rendered with this
 * form's answer (see ../class.tsx).
 */
export function action(args: Route.ActionArgs) {
  return teacherForm(args, ["present", "card", "stop"]);
}

export default function ClassForm({ actionData }: Route.ComponentProps) {
  return <ClassPage loaded={useOutletContext<ClassPageData>()} posted={actionData} />;
}
