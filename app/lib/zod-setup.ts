import { config } from "zod";

/**
 * Zod probes `new Function` (to compile faster parsers) when it builds its first object schema;
 * our Content-Security-Policy has no 'unsafe-eval', so the probe was reported as a CSP
 * violation on every page with a form. Parse without it. Imported first by root.tsx (React
 * Router's page script imports the route modules before entry.client): schemas built before
 * this line would already have probed.
 */
config({ jitless: true });
