import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { deleteAccount, FirstAdmin, signUpTeacher, Visitor, type Person } from "./people";

interface AxeFinding {
  url: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface PageChecks {
  /** Console errors a test provokes on purpose (matched by substring). */
  allowConsoleErrors(...patterns: (string | RegExp)[]): void;
  /** Runs the accessibility scan now (for states reached without a navigation: open menus, dialogs). */
  scan(label: string): Promise<void>;
}

/**
 * Lets finite animations end first (at most a second): axe judges colours as they are drawn, so
 * a tooltip fading in under a hovering pointer measured as low contrast at 40 % opacity. What
 * a person reads is the page at rest. Endless animations (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
}

async function runAxe(page: Page, label: string): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Tooltips show only under a resting pointer and fade in and out; axe's contrast verdict
    // on them depended on the moment it looked (white on slate-900 is 17:1 once drawn).
    .exclude('[role="tooltip"]')
    // A frame sandboxed without scripts (the admin's mail preview) cannot take axe: trying
    // cost every scan of that page its frame timeout (a minute of the suite on a busy machine).
    .exclude('iframe[sandbox=""]')
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      url: label,
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}

/**
 * What axe judges on a page: its language and direction, the window's width, and every kind of
 * element it holds (tag, role, classes, hidden or not). Text is left out: the same markup with
 * other words (another student's name, another language of the same direction) draws the same
 * colours, landmarks, labels and roles.
 */
function pageShape(page: Page): Promise<string> {
  return page.evaluate(() => {
    const kinds = new Set<string>();
    for (const el of document.querySelectorAll("body *")) {
      const attributes = ["role", "class", "aria-hidden", "type", "hidden"]
        .map((name) => el.getAttribute(name) ?? "")
        .join("|");
      kinds.add(`${el.tagName}|${attributes}`);
    }
    const root = document.documentElement;
    return [root.lang, root.dir, window.innerWidth, ...[...kinds].sort()].join("\n");
  });
}

/**
 * Shapes of pages already scanned by this worker. Each shape is scanned once per run: the
 * suite visits the same page in the same state from many tests (a dashboard after every
 * sign-in), and axe took a third of the suite's time scanning them again. A page whose markup
 * changed in any way (a new element, a class, an open menu) is a new shape and is scanned.
 */
const scannedShapes = new Set<string>();

async function scanOnce(page: Page, label: string): Promise<AxeFinding[]> {
  const shape = createHash("sha256")
    .update(await pageShape(page))
    .digest("hex");
  if (scannedShapes.has(shape)) return [];
  // A busy browser sometimes refuses the tab axe opens to combine frames' results; once more.
  const findings = await runAxe(page, label).catch((error: unknown) => {
    if (!/Target\.createTarget|Failed to open a new tab/.test(String(error))) throw error;
    return runAxe(page, label);
  });
  scannedShapes.add(shape);
  return findings;
}

const SETUP_TIMEOUT = 60_000;

let addresses = 0;

/**
 * The one source of client addresses. The e2e server trusts X-Forwarded-For and its abuse
 * limits count per address, so every browser and every HTTP client of a test browses from
 * an address nobody else in the run uses: 10.{worker}.{n}, unique per worker process.
 */
export function newClientAddress(): string {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  addresses += 1;
  return `10.${1 + (worker % 250)}.${Math.floor(addresses / 256) % 256}.${addresses % 256}`;
}

export interface Accounts {
  /**
   * A fresh teacher (signed up and verified over HTTP, with the sign-up trial every new
   * teacher gets; `trial: false` ends it, for a teacher on the free plan).
   */
  teacher(options?: {
    firstName?: string;
    lastName?: string;
    label?: string;
    trial?: boolean;
    /** false: signs up as a browser without JavaScript does, with no captcha (score 0.5). */
    captcha?: boolean;
  }): Promise<Person>;
  /** A fresh teacher with administrator rights. */
  admin(options?: { firstName?: string; label?: string }): Promise<Person>;
  /** An account the test made itself through the UI (a sign-up, a student joining): removed too. */
  adopt(person: Person): Person;
  /** Signs the page's browser in as a person made here (their session, no sign-in form). */
  signIn(page: Page, person: Person): Promise<void>;
  /** A person the test deleted itself (through the account page): nothing left to remove. */
  deleted(person: Person): void;
}

/** Puts a person's session into a browser context: its pages are signed in as them. */
async function signInAs(context: BrowserContext, person: Person, sessions: Map<Person, Visitor>) {
  const visitor = sessions.get(person);
  if (!visitor) throw new Error(`${person.email} was not made by this test's accounts`);
  await context.addCookies(visitor.browserCookies());
}

/** Console errors and uncaught exceptions of every page a test opens, kept for `checks`. */
interface ConsoleLog {
  errors: string[];
  watch(page: Page): void;
}

/**
 * The time zone every browser of the suite runs in. Not the server's (UTC): a page that
 * renders a time differently on the server and in the browser fails hydration here, as it
 * would for a teacher in Warsaw.
 */
const BROWSER_TIME_ZONE = "Europe/Warsaw";

interface TestFixtures {
  checks: PageChecks;
  consoleLog: ConsoleLog;
  baseURL: string;
  clientIp: string;
  accounts: Accounts;
  /** A fresh teacher, signed in on `page`. */
  teacher: Person;
  /** A fresh administrator, signed in on `page`. */
  admin: Person;
  /**
   * Another browser (its own context and client address), signed in as `person` when given;
   * closed at the end of the test.
   */
  browse: (
    person?: Person,
    options?: Pick<BrowserContextOptions, "javaScriptEnabled">,
  ) => Promise<Page>;
  sessions: Map<Person, Visitor>;
}

export const test = base.extend<TestFixtures, { firstAdmin: FirstAdmin }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000");
  },
  clientIp: async ({}, use) => {
    await use(newClientAddress());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "x-forwarded-for": clientIp });
  },
  firstAdmin: [
    async ({}, use) => {
      const firstAdmin = new FirstAdmin(
        process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000",
        newClientAddress,
      );
      await use(firstAdmin);
      await firstAdmin.close();
    },
    { scope: "worker" },
  ],
  sessions: async ({}, use) => {
    await use(new Map());
  },
  // Making and removing people is setup, not the behaviour under test: it gets its own time
  // (SETUP_TIMEOUT), so a test's own budget goes to what it tests.
  accounts: [
    async ({ baseURL, firstAdmin, sessions }, use, testInfo) => {
      const made: Person[] = [];
      // People made from the test's body do not eat into its time either: the test's
      // timeout grows by what making them took.
      const asSetup = async <T>(make: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        try {
          return await make();
        } finally {
          testInfo.setTimeout(testInfo.timeout + Math.ceil(performance.now() - started));
        }
      };
      const teacher = async (options: Parameters<Accounts["teacher"]>[0] = {}) => {
        const visitor = new Visitor(baseURL, newClientAddress());
        const person = await signUpTeacher(visitor, options);
        sessions.set(person, visitor);
        made.push(person);
        if (options.trial === false) await firstAdmin.endTrial(person.email);
        return person;
      };
      await use({
        teacher: (options) => asSetup(() => teacher(options)),
        admin: (options = {}) =>
          asSetup(async () => {
            const person = await teacher({ label: "admin", ...options });
            await firstAdmin.makeAdmin(person.email);
            return person;
          }),
        adopt: (person) => {
          made.push(person);
          return person;
        },
        signIn: (page, person) => signInAs(page.context(), person, sessions),
        deleted: (person) => {
          const at = made.indexOf(person);
          if (at >= 0) made.splice(at, 1);
        },
      });
      // Newest first: a student before their teacher, a school's member before its owner.
      const failures: string[] = [];
      for (const person of made.reverse()) {
        const visitor = sessions.get(person) ?? new Visitor(baseURL, newClientAddress());
        try {
          await deleteAccount(visitor, person);
        } catch (error) {
          failures.push(String(error));
        }
      }
      expect(failures, "accounts the test could not remove").toEqual([]);
    },
    { timeout: SETUP_TIMEOUT },
  ],
  teacher: [
    async ({ accounts, context, sessions }, use) => {
      const person = await accounts.teacher();
      await signInAs(context, person, sessions);
      await use(person);
    },
    { timeout: SETUP_TIMEOUT },
  ],
  admin: [
    async ({ accounts, context, sessions }, use) => {
      const person = await accounts.admin();
      await signInAs(context, person, sessions);
      await use(person);
    },
    { timeout: SETUP_TIMEOUT },
  ],
  consoleLog: async ({}, use) => {
    const errors: string[] = [];
    await use({
      errors,
      watch: (page) => {
        // A Content-Security-Policy violation (an eval, an inline script) is an error too.
        void page.addInitScript(() =>
          document.addEventListener("securitypolicyviolation", (event) =>
            console.error(
              `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
            ),
          ),
        );
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(`${message.text()} (${page.url()})`);
        });
        page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message} (${page.url()})`));
      },
    });
  },
  browse: async ({ browser, baseURL, sessions, consoleLog, accounts: _removedAfterThese }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (person, options = {}) => {
      const context = await browser.newContext({
        ...options,
        baseURL,
        timezoneId: BROWSER_TIME_ZONE,
        extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
      });
      contexts.push(context);
      if (person) await signInAs(context, person, sessions);
      const page = await context.newPage();
      // Other browsers' pages are held to the same rule as the test's own page.
      consoleLog.watch(page);
      return page;
    });
    for (const context of contexts) await context.close();
  },
  /**
   * Every test's page is watched: each page it visits (full loads and client-side
   * navigations) gets an axe scan that fails the test on serious or critical violations, and
   * any console.error or uncaught page error fails it too.
   */
  checks: [
    // After the checks (and their scans) end, the test's accounts are removed: a page that
    // is still open must not see its session vanish while its console is watched.
    async ({ page, consoleLog, accounts: _removedAfterTheChecks }, use) => {
      const consoleErrors = consoleLog.errors;
      const allowed: (string | RegExp)[] = [];
      const findings: AxeFinding[] = [];
      const scanned = new Set<string>();
      const pending: Promise<void>[] = [];
      let timer: NodeJS.Timeout | undefined;
      let navigations = 0;
      // Background scans report their failures at the end of the test, not as stray rejections.
      const scanErrors: string[] = [];
      const recordScanError = (error: unknown) => {
        scanErrors.push(String(error));
      };

      const scanNow = async (label?: string) => {
        const url = new URL(page.url());
        const key = label ?? `${url.pathname}${url.search}`;
        if (url.protocol === "about:" || scanned.has(key)) return;
        scanned.add(key);
        const startedAt = navigations;
        try {
          await page.waitForLoadState("domcontentloaded");
          // A region that says it is updating (aria-busy, e.g. results faded while the next
          // ones load) is judged once it has settled, as a person would read it.
          await page
            .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
              timeout: 10_000,
            })
            .catch(() => undefined);
          findings.push(...(await scanOnce(page, key)));
        } catch (error) {
          // The page moved on mid-scan (axe was injected into the document before it, or the
          // context went away); the next page gets its own scan.
          const movedOn =
            navigations !== startedAt ||
            /context was destroyed|navigat|Target .* closed|detached/i.test(String(error));
          if (!movedOn) throw error;
          scanned.delete(key);
        }
      };

      // One scan at a time per page: axe refuses to start while another run is in progress.
      let queue: Promise<void> = Promise.resolve();
      const scanCurrent = (label?: string) => {
        const run = queue.then(() => scanNow(label));
        queue = run.catch(() => undefined);
        return run;
      };

      consoleLog.watch(page);
      page.on("framenavigated", (frame) => {
        if (frame !== page.mainFrame()) return;
        navigations += 1;
        clearTimeout(timer);
        timer = setTimeout(() => pending.push(scanCurrent().catch(recordScanError)), 400);
      });

      await use({
        allowConsoleErrors: (...patterns) => allowed.push(...patterns),
        scan: async (label) => {
          await scanCurrent(`${new URL(page.url()).pathname} [${label}]`);
        },
      });

      clearTimeout(timer);
      if (!page.isClosed()) pending.push(scanCurrent().catch(recordScanError));
      await Promise.all(pending);
      const unexpected = consoleErrors.filter(
        (text) => !allowed.some((p) => (typeof p === "string" ? text.includes(p) : p.test(text))),
      );
      expect(scanErrors, "accessibility scans that could not run").toEqual([]);
      expect(unexpected, "unexpected console errors").toEqual([]);
      expect(findings, "serious or critical accessibility violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
