import { viewerFor } from "~/features/library/index.server";
import { pickerQuery, runPicker } from "~/features/lessons/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { foundOr404 } from "~/lib/not-found";
import type { Services } from "~/lib/services.server";
import { accountAccess } from "~/features/library/index.server";
import {
  classAccess,
  listMembers,
  listShares,
  liveExercise,
  sharedExercise,
} from "./classes.server";
import { joinUrl } from "./join-url";

/**
 * What /class/{id} shows, for the class's teacher and students: what the teacher shared,
 * homework, the live view (the card the teacher presents, followed in real time), and for the
 * teacher the join link, the members and the exercise picker. Someone else's class is a 404.
 */
export async function classPageData(
  services: Services,
  user: SessionUser,
  request: Request,
  classId: string,
) {
  const { row, role } = foundOr404(await classAccess(services, user, classId), request);
  // Students open what their teacher's plan opens (read once for the whole page).
  const teacher = await accountAccess(services.db, row.teacherId, services.clock.now());
  const live = await liveExercise(services, row, teacher);
  const url = new URL(request.url);
  const opened = url.searchParams.get("exercise");
  const open = opened ? await sharedExercise(services, row.id, opened, teacher) : null;
  const shares = await listShares(services, row.id, teacher);
  // The teacher's exercise picker (the lesson planner's): the class's level and, by default,
  // only exercises not shared with the class yet.
  const query = role === "teacher" ? pickerQuery(url, ["exercise"], row.level) : null;
  const picker = query
    ? await runPicker(services, await viewerFor(services.db, user, services.clock.now()), query, {
        exercises: new Map(
          shares.flatMap((s) => (s.exerciseId ? [[s.exerciseId, s.createdAt]] : [])),
        ),
        materials: new Map(),
      })
    : null;
  return {
    role,
    cls: { id: row.id, name: row.name, level: row.level },
    // The address students join with, from the configured public origin (as in mails).
    joinUrl: role === "teacher" ? joinUrl(services.env.appOrigin, row.joinCode) : null,
    // Students get only what they can open; the teacher also sees shares their plan now locks.
    shares: shares.filter((s) => role === "teacher" || s.available),
    members: role === "teacher" ? await listMembers(services, row.id) : [],
    live,
    open,
    picker,
  };
}

export type ClassPageData = Awaited<ReturnType<typeof classPageData>>;
