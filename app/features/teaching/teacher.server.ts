import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import type { Services } from "~/lib/services.server";
import { isTimeZone } from "~/lib/time-zone";

/** Keeps the teacher's time zone (sent by the browser with lesson forms) for later pages. */
export async function rememberTimeZone(services: Services, userId: string, timeZone: string) {
  if (!isTimeZone(timeZone)) return;
  await services.db.update(userData).set({ timeZone }).where(eq(userData.userId, userId));
}
