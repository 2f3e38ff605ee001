import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, organizationMembers, schoolFavorites, users } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { createSchool } from "~/features/schools/schools.server";
import { ROLE } from "~/lib/auth/roles";
import type { Services } from "~/lib/services.server";
import { BROWSER_UA, HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "school favorites passphrase";

/**
 * A school's shared favorites over HTTP: its members (owner included) add and remove
 * exercises and see who added each; a teacher of another school, in no school, or who left
 * neither reads nor changes the list, and a teacher in no school sees no trace of it.
 */
describe("school favorites", () => {
  let app: TestApp;
  let services: Services;
  let n = 0;
  let exerciseA = { id: "", title: "" };
  let exerciseB = { id: "", title: "" };

  async function teacher(firstName: string, lastName: string) {
    const email = `${firstName.toLowerCase()}-${++n}@school-favorites.test`;
    const { id } = await ensureUser(services, {
      email,
      firstName,
      lastName,
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.21.0.${n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return { id, email, client };
  }

  /** A school made by an administrator for its owner, with members added to it. */
  async function school(name: string, ownerEmail: string, memberIds: string[] = []) {
    const id = await createSchool(services, { name, ownerEmail, seats: 10, countryCode: null });
    if (memberIds.length)
      await app.database.db
        .insert(organizationMembers)
        .values(
          memberIds.map((userId) => ({ organizationId: id, userId, role: "member" as const })),
        );
    return id;
  }

  async function html(client: HttpSession, path: string) {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  }

  function setFavorite(
    client: HttpSession,
    schoolId: string,
    exerciseId: string,
    favorite: boolean,
  ) {
    return client.postForm("/api/school-favorites", {
      schoolId,
      exerciseId,
      favorite: String(favorite),
    });
  }

  async function listOf(client: HttpSession) {
    const res = await client.get("/api/school-favorites");
    expect(res.status).toBe(200);
    return (await res.json()) as {
      school: { id: string; name: string };
      favorites: { exerciseId: string; addedBy: string | null; addedAt: string }[];
    };
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    services = app.services as Services;
    // Two free exercises (every teacher may open them), one B1 and one of another level.
    const rows = await app.database.db
      .select({ id: exercises.id, title: exercises.title, level: exercises.level })
      .from(exercises)
      .where(eq(exercises.isFree, true));
    const b1 = rows.find((r) => r.level === "B1");
    const other = rows.find((r) => r.level !== "B1");
    if (!b1 || !other) throw new Error("the library needs free exercises of two levels");
    exerciseA = b1;
    exerciseB = other;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a member adds an exercise, the other members see it with who added it and when, and any member removes it", async () => {
    const owner = await teacher("Anna", "Owner");
    const member = await teacher("Ben", "Member");
    const schoolId = await school("Hillside Academy", owner.email, [member.id]);

    // Before: the exercise offers the school's list, the list is empty.
    expect(await html(member.client, `/dashboard/exercises/${exerciseA.id}`)).toContain(
      "Add to school favorites",
    );
    expect((await listOf(owner.client)).favorites).toEqual([]);

    const before = app.clock.now().getTime();
    const added = await setFavorite(member.client, schoolId, exerciseA.id, true);
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      schoolId,
      exerciseId: exerciseA.id,
      schoolFavorite: true,
    });
    // Adding it twice keeps the first adder.
    expect((await setFavorite(owner.client, schoolId, exerciseA.id, true)).status).toBe(200);

    const list = await listOf(owner.client);
    expect(list.school).toEqual({ id: schoolId, name: "Hillside Academy" });
    expect(list.favorites).toEqual([
      { exerciseId: exerciseA.id, addedBy: "Ben Member", addedAt: expect.any(String) },
    ]);
    // When: the app's clock at the moment it was added.
    const addedAt = new Date(list.favorites[0]?.addedAt ?? "").getTime();
    expect(addedAt).toBeGreaterThanOrEqual(before);
    expect(addedAt).toBeLessThanOrEqual(app.clock.now().getTime());
    const page = await html(owner.client, "/dashboard/favorites?list=school");
    expect(page).toContain("School favorites");
    expect(page).toContain(exerciseA.title);
    expect(page).toContain("Added by Ben Member");
    expect(page).toContain(`Remove “${exerciseA.title}” from school favorites`);
    // The exercise page offers to remove it too.
    expect(await html(owner.client, `/dashboard/exercises/${exerciseA.id}`)).toContain(
      "Remove from school favorites",
    );

    // The owner removes it: gone for everyone.
    expect((await setFavorite(owner.client, schoolId, exerciseA.id, false)).status).toBe(200);
    expect((await listOf(member.client)).favorites).toEqual([]);
    expect(await html(member.client, "/dashboard/favorites?list=school")).toContain(
      "No school favorites yet",
    );
  });

  it("a teacher in no school sees no school favorites anywhere and may not read or change a school's list", async () => {
    const owner = await teacher("Carla", "Owner");
    const loner = await teacher("Dan", "Alone");
    const schoolId = await school("Brookfield School", owner.email);
    expect((await setFavorite(owner.client, schoolId, exerciseA.id, true)).status).toBe(200);

    for (const path of [
      "/dashboard/favorites",
      "/dashboard/favorites?list=school",
      "/dashboard/exercises",
      `/dashboard/exercises/${exerciseA.id}`,
    ]) {
      const page = await html(loner.client, path);
      expect(page, path).not.toMatch(/school favorites/i);
    }
    const read = await loner.client.get("/api/school-favorites");
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({
      error: "You are not a member of a school, so there are no school favorites.",
    });
    const write = await setFavorite(loner.client, schoolId, exerciseA.id, false);
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({
      error: "Only the teachers of this school can change its favorites.",
    });
    expect((await setFavorite(loner.client, schoolId, exerciseB.id, true)).status).toBe(403);
    expect((await listOf(owner.client)).favorites.map((f) => f.exerciseId)).toEqual([exerciseA.id]);
  });

  it("a teacher of another school neither sees nor changes this school's list", async () => {
    const owner = await teacher("Eva", "Owner");
    const rival = await teacher("Finn", "Rival");
    const schoolId = await school("Lakeview School", owner.email);
    const rivalSchool = await school("Other School", rival.email);
    expect((await setFavorite(owner.client, schoolId, exerciseA.id, true)).status).toBe(200);

    // The rival's own school list is their school's, empty.
    const own = await listOf(rival.client);
    expect(own.school.id).toBe(rivalSchool);
    expect(own.favorites).toEqual([]);
    expect(await html(rival.client, "/dashboard/favorites?list=school")).not.toContain(
      exerciseA.title,
    );
    // Writing to the other school's list, by its id, is refused and changes nothing.
    expect((await setFavorite(rival.client, schoolId, exerciseA.id, false)).status).toBe(403);
    expect((await setFavorite(rival.client, schoolId, exerciseB.id, true)).status).toBe(403);
    expect((await listOf(owner.client)).favorites.map((f) => f.exerciseId)).toEqual([exerciseA.id]);
    // Their own list is theirs.
    expect((await setFavorite(rival.client, rivalSchool, exerciseB.id, true)).status).toBe(200);
    expect((await listOf(owner.client)).favorites.map((f) => f.exerciseId)).toEqual([exerciseA.id]);
  });

  it("a teacher who leaves the school loses the list; what they added stays for the others", async () => {
    const owner = await teacher("Gina", "Owner");
    const leaver = await teacher("Hugo", "Leaver");
    const schoolId = await school("Meadow School", owner.email, [leaver.id]);
    expect((await setFavorite(leaver.client, schoolId, exerciseB.id, true)).status).toBe(200);
    expect(await html(leaver.client, "/dashboard/favorites")).toContain("School favorites");

    const left = await leaver.client.postForm("/dashboard/membership/leave", {});
    expect(left.status).toBe(200);
    expect(
      await app.database.db
        .select()
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, leaver.id)),
    ).toEqual([]);

    expect((await leaver.client.get("/api/school-favorites")).status).toBe(403);
    expect((await setFavorite(leaver.client, schoolId, exerciseB.id, false)).status).toBe(403);
    const page = await html(leaver.client, "/dashboard/favorites?list=school");
    expect(page).not.toMatch(/school favorites/i);
    expect(await html(leaver.client, "/dashboard/exercises")).not.toMatch(/school favorites/i);

    const list = await listOf(owner.client);
    expect(list.favorites).toEqual([
      expect.objectContaining({ exerciseId: exerciseB.id, addedBy: "Hugo Leaver" }),
    ]);
    // Once the adder's account is deleted, the item stays without their name.
    await app.database.db.delete(users).where(eq(users.id, leaver.id));
    expect((await listOf(owner.client)).favorites).toEqual([
      expect.objectContaining({ exerciseId: exerciseB.id, addedBy: null }),
    ]);
    expect(await html(owner.client, "/dashboard/favorites?list=school")).toContain(
      "Added by a former member",
    );
  });

  it("answers bad input with a readable 4xx, never a 500", async () => {
    const owner = await teacher("Ida", "Owner");
    const schoolId = await school("Northgate School", owner.email);
    const cases: [Promise<Response>, number][] = [
      [owner.client.postForm("/api/school-favorites", { exerciseId: exerciseA.id }), 400],
      [
        owner.client.postForm("/api/school-favorites", {
          schoolId,
          exerciseId: exerciseA.id,
          favorite: "maybe",
        }),
        400,
      ],
      [setFavorite(owner.client, schoolId, "no-such-exercise", true), 404],
      [setFavorite(owner.client, "x".repeat(101), exerciseA.id, true), 400],
      [setFavorite(owner.client, "no-such-school", exerciseA.id, true), 403],
      [owner.client.postJson("/api/school-favorites", { schoolId, exerciseId: 7 }), 400],
      [
        owner.client.fetch("/api/school-favorites", {
          method: "POST",
          body: "{not json",
          headers: { "content-type": "application/json", origin: app.url },
        }),
        400,
      ],
      [
        owner.client.fetch("/api/school-favorites", {
          method: "POST",
          body: "x",
          headers: { "content-type": "text/plain", origin: app.url },
        }),
        415,
      ],
      [new HttpSession(app.url).get("/api/school-favorites"), 401],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    const json = await owner.client.postJson("/api/school-favorites", {
      schoolId,
      exerciseId: exerciseA.id,
      favorite: true,
    });
    expect(json.status).toBe(200);
    expect(
      await app.database.db
        .select({ addedBy: schoolFavorites.addedBy })
        .from(schoolFavorites)
        .where(
          and(
            eq(schoolFavorites.organizationId, schoolId),
            eq(schoolFavorites.exerciseId, exerciseA.id),
          ),
        ),
    ).toEqual([{ addedBy: owner.id }]);
  });

  it("sends a form posted without JavaScript back to its page, and only to a page of this site", async () => {
    const owner = await teacher("Jan", "Owner");
    const schoolId = await school("Riverbank School", owner.email);
    /**
     * A browser's own form submission: Node's fetch always says `Sec-Fetch-Mode: cors`, so
     * this one goes out through node:http with the headers a browser sends on a navigation.
     */
    const browserForm = (fields: Record<string, string>) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const body = new URLSearchParams(fields).toString();
        const request = http.request(
          `${app.url}/api/school-favorites`,
          {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": Buffer.byteLength(body),
              origin: app.url,
              accept: "text/html,application/xhtml+xml",
              "sec-fetch-mode": "navigate",
              "user-agent": BROWSER_UA,
              "x-forwarded-for": "10.21.1.1",
              cookie: [...owner.client.cookieEntries()].map(([k, v]) => `${k}=${v}`).join("; "),
            },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    const back = await browserForm({
      schoolId,
      exerciseId: exerciseA.id,
      favorite: "true",
      returnTo: "/dashboard/exercises?level=B1",
    });
    expect(back).toEqual({ status: 303, location: "/dashboard/exercises?level=B1" });
    expect((await listOf(owner.client)).favorites.map((f) => f.exerciseId)).toEqual([exerciseA.id]);
    // Elsewhere, or from a script: no redirect, the JSON answer.
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\\\evil.example"]) {
      const res = await browserForm({
        schoolId,
        exerciseId: exerciseA.id,
        favorite: "false",
        returnTo,
      });
      expect(res, returnTo).toEqual({ status: 200, location: undefined });
    }
    const scripted = await owner.client.postForm("/api/school-favorites", {
      schoolId,
      exerciseId: exerciseA.id,
      favorite: "true",
      returnTo: "/dashboard/favorites",
    });
    expect(scripted.status).toBe(200);
  });
});
