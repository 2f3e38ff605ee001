import { config } from "zod";

/**
 * Zod probes `new Function` (to compile faster parsers) when it builds its first object schema;
 * our Content-Security-Policy has no 'unsafe-eval', so the probe was reported as a CSP
 * violation on every page with a form. Parse without it. Imported by app/lib/zod.ts, the one
 * place the app takes `z` from, so it runs before the first schema of any page is built.
 */
config({ jitless: true });
