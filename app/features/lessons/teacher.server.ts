import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { isTimeZone } from "~/lib/time-zone";

/** Keeps the teacher's time zone (sent by the browser with lesson forms) for later pages. */
export async function rememberTimeZone(services: Services, userId: string, timeZone: string) {
  if (!isTimeZone(timeZone)) return;
  await services.db.update(userData).set({ timeZone }).where(eq(userData.userId, userId));
}

/** The teacher's remembered time zone, or UTC. */
export function teacherTimeZone(user: Pick<SessionUser, "data">): string {
  const zone = user.data.timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}
