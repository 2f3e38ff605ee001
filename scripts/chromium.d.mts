// Types of scripts/chromium.mjs for the TypeScript tests that import it.
import type { Browser } from "@playwright/test";

export declare const CHROMIUM_ARGS: string[];
export declare function launchChromium(): Promise<Browser>;
