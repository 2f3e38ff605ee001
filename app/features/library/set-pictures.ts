import type { Exercise, SetPicture } from "./schema";

/**
 * Every picture of the bundled set an exercise names (issue 17 item 1): its story prompts'
 * pictures and the pictures its teacher notes ask to show, each with where it sits in the
 * record ("content.prompts.2.pictures.0"), so a check can say which one is wrong.
 */
export function exerciseSetPictures(
  exercise: Pick<Exercise, "content" | "showPictures">,
): { path: string; picture: SetPicture }[] {
  const found: { path: string; picture: SetPicture }[] = [];
  (exercise.showPictures ?? []).forEach((picture, i) =>
    found.push({ path: `showPictures.${i}`, picture }),
  );
  if (exercise.content.type === "story")
    exercise.content.prompts.forEach((prompt, p) =>
      (prompt.pictures ?? []).forEach((picture, i) =>
        found.push({ path: `content.prompts.${p}.pictures.${i}`, picture }),
      ),
    );
  return found;
}
