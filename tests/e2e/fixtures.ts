import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

interface AxeFinding {
  url: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface PageChecks {
  /** Console errors a test provokes on purpose (matched by substring). */
  allowConsoleErrors(...patterns: (string | RegExp)[]): void;
  /** Runs the accessibility scan now (for states reached without a navigation: open menus, dialogs). */
  scan(label: string): Promise<void>;
}

async function runAxe(page: Page, label: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
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
 * Every test's page is watched: each page it visits (full loads and client-side
 * navigations) gets an axe scan that fails the test on serious or critical violations, and
 * any console.error or uncaught page error fails it too.
 */
let clientCounter = 0;

export const test = base.extend<{ checks: PageChecks; baseURL: string; clientIp: string }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000");
  },
  clientIp: async ({}, use, testInfo) => {
    clientCounter += 1;
    await use(
      `10.${100 + testInfo.workerIndex}.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
    );
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "x-forwarded-for": clientIp });
  },
  checks: [
    async ({ page }, use) => {
      const consoleErrors: string[] = [];
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
          findings.push(...(await runAxe(page, key)));
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

      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(`Uncaught: ${error.message}`));
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
