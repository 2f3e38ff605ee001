import { z } from "~/lib/zod";

/**
 * Admin → Site settings → Redirects (issue 15 item 5, spec §2.4): an exact path or a path
 * prefix sent to a target with a status. The panel's own addresses (and sign-in, the API,
 * files, health checks) cannot be redirected: a rule there could lock the operator out.
 */
const PROTECTED = /^\/(admin|auth|api|media|assets|builds|healthz|readyz)(\/|$)/;

export const REDIRECT_STATUSES = ["301", "302", "307", "308"] as const;

const path = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/[^\s?#]*$/)
  .refine((p) => !p.startsWith("//"), { params: { key: "adminSettings.error.redirectPath" } })
  .refine((p) => p !== "/" && !PROTECTED.test(p), {
    params: { key: "adminSettings.error.redirectProtected" },
  });

const target = z
  .string()
  .trim()
  .max(500)
  .refine((t) => (t.startsWith("/") && !t.startsWith("//")) || /^https:\/\/[^\s/]+/.test(t), {
    params: { key: "adminSettings.error.redirectTarget" },
  })
  .refine((t) => !/\s/.test(t), { params: { key: "adminSettings.error.redirectTarget" } });

export const RedirectSchema = z
  .object({
    matchType: z.enum(["exact", "prefix"]),
    path,
    target,
    statusCode: z.enum(REDIRECT_STATUSES),
    note: z.string().trim().max(200).default(""),
  })
  .refine((r) => r.target.split(/[?#]/)[0] !== r.path, {
    path: ["target"],
    params: { key: "adminSettings.error.redirectLoop" },
  });
