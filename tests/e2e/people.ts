import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { solvedCaptcha } from "../support/captcha";
import { HttpSession } from "../support/http-session";
import { E2E_PASSWORD, linkIn, waitForMail } from "./helpers";

/**
 * The people an end-to-end test needs, made and removed through the app's own HTTP surface,
 * the way a person's browser would (no UI: making them is setup, not the behaviour under
 * test; no database access: the e2e server's embedded database belongs to its process).
 *
 * - A teacher signs up with the sign-up form's POST, carrying a solved proof-of-work captcha
 *   (the one the app uses when no reCAPTCHA/Turnstile key is set, solved here as the browser
 *   solves it), and follows the verification link from the e2e mailbox, which signs them in.
 * - An administrator is such a teacher given administrator rights on /admin/users by the
 *   installation's first administrator (the seeded admin, whose password global-setup sets
 *   through its one-time link): the way an operator adds colleagues.
 * - Everyone is removed afterwards through the account page's "Delete account" form.
 */

/** The administrator every fresh installation starts with (seeded on the first start). */
const FIRST_ADMIN = "admin@parley.example";

export interface Person {
  email: string;
  /** A test that changes the password (a reset) updates it here, so removal still signs in. */
  password: string;
  firstName: string;
  lastName: string;
}

/** One person's own HTTP client: their cookies, their client address, a browser's agent. */
export class Visitor extends HttpSession {
  constructor(baseURL: string, clientAddress: string) {
    super(baseURL, { "x-forwarded-for": clientAddress });
  }

  /** The session as browser cookies (for a Playwright context). */
  browserCookies() {
    return [...this.cookieEntries()].map(([name, value]) => ({ name, value, url: this.base }));
  }
}

function location(response: Response): string {
  return response.headers.get("location") ?? "";
}

let made = 0;

/** An address no other person in the run gets (the suite's mailbox is shared). */
export function uniqueEmail(label: string): string {
  made += 1;
  return `${label}-${made}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** Signs up through the form and the mailed link; the visitor ends signed in. */
export async function signUpTeacher(
  visitor: Visitor,
  input: { firstName?: string; lastName?: string; label?: string; captcha?: boolean } = {},
): Promise<Person> {
  const person: Person = {
    email: uniqueEmail(input.label ?? "teacher"),
    password: E2E_PASSWORD,
    firstName: input.firstName ?? "Maria",
    lastName: input.lastName ?? "Nowak",
  };
  const sent = await visitor.postForm("/auth/sign-up", {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    password: person.password,
    terms: "on",
    captcha: input.captcha === false ? "" : await solvedCaptcha(visitor),
  });
  expect(sent.status, `sign-up of ${person.email}`).toBe(200);
  await verifyByMail(visitor, person.email);
  return person;
}

async function verifyByMail(visitor: Visitor, email: string) {
  const verified = await visitor.get(
    linkIn(await waitForMail(email, "verifyEmail"), "/auth/verify/"),
  );
  expect(location(verified), `verification of ${email}`).toMatch(/^\/dashboard/);
}

function signIn(visitor: Visitor, person: Person): Promise<Response> {
  return visitor.postForm("/auth/sign-in", { email: person.email, password: person.password });
}

/**
 * Deletes the account through the account page's form. The visitor signs in again when the
 * test ended its session (sign-out, password reset), and verifies the address first when the
 * test signed up through the UI without ever opening the link.
 */
export async function deleteAccount(visitor: Visitor, person: Person) {
  const attempt = () =>
    visitor.postForm("/dashboard/account/delete", {
      password: person.password,
      confirm: "on",
    });
  let answer = await attempt();
  if (location(answer).startsWith("/auth/confirm")) {
    let signedIn = await signIn(visitor, person);
    if (signedIn.status === 403) {
      await verifyByMail(visitor, person.email);
      signedIn = await signIn(visitor, person);
    }
    expect(signedIn.status, `sign-in of ${person.email} to delete it`).toBe(302);
    answer = await attempt();
  }
  expect(
    location(answer),
    `deleting ${person.email} answered ${answer.status}: ${answer.status === 302 ? "" : (await answer.text()).slice(0, 300)}`,
  ).toMatch(/accountDeleted=1/);
}

/**
 * The installation's first administrator, signed in once per worker: it gives fresh accounts
 * administrator rights and ends a fresh teacher's trial, both on /admin/users.
 */
export class FirstAdmin {
  private visitor: Promise<Visitor> | null = null;

  constructor(
    private readonly baseURL: string,
    private readonly clientAddress: () => string,
  ) {}

  private session(): Promise<Visitor> {
    this.visitor ??= (async () => {
      const visitor = new Visitor(this.baseURL, this.clientAddress());
      const answer = await signIn(visitor, {
        email: FIRST_ADMIN,
        password: E2E_PASSWORD,
        firstName: "",
        lastName: "",
      });
      expect(answer.status, "sign-in of the first administrator").toBe(302);
      return visitor;
    })();
    return this.visitor;
  }

  private async userId(visitor: Visitor, email: string): Promise<string> {
    const page = await visitor.get(`/admin/users?q=${encodeURIComponent(email)}`);
    const id = /name="userId" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!id) throw new Error(`No account ${email} on /admin/users`);
    return id;
  }

  private async change(email: string, form: Record<string, string>, done: string) {
    const visitor = await this.session();
    const userId = await this.userId(visitor, email);
    // Each of the page's forms has its own route (rights, access).
    const route = form.intent === "admin-rights" ? "rights" : "access";
    const answer = await visitor.postForm(`/admin/users/${route}`, { ...form, userId });
    expect(answer.status, `${form.intent} for ${email}`).toBe(200);
    expect(await answer.text()).toContain(done);
  }

  makeAdmin(email: string) {
    return this.change(
      email,
      { intent: "admin-rights", admin: "1", confirm: "on" },
      "The account now has administrator rights.",
    );
  }

  /** Ends the sign-up trial: the teacher is on the free plan. */
  endTrial(email: string) {
    return this.change(email, { intent: "revoke" }, "Premium access was ended.");
  }

  async close() {
    if (!this.visitor) return;
    const visitor = await this.visitor;
    const out = await visitor.postForm("/auth/sign-out", {});
    expect(location(out), "sign-out of the first administrator").toMatch(/^\/auth\/sign-in/);
  }
}
