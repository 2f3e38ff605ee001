// The part of pa11y 9 the page audit uses (the package ships no types of its own).
declare module "pa11y" {
  import type { Browser } from "puppeteer";

  export interface Pa11yIssue {
    code: string;
    type: "error" | "warning" | "notice";
    message: string;
    selector: string;
    context: string;
  }

  export interface Pa11yOptions {
    browser?: Browser;
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    runners?: string[];
    includeWarnings?: boolean;
    includeNotices?: boolean;
    headers?: Record<string, string>;
    userAgent?: string;
    viewport?: { width: number; height: number };
    timeout?: number;
    wait?: number;
  }

  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
