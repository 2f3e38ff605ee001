// Zod for the app's schemas, set up first (app/lib/zod-setup.ts: no `new Function` probe under
// our Content-Security-Policy). Importing `z` from here rather than from "zod" is what makes
// the setup run before any schema is built, on the pages that build one and only there: the
// root no longer loads Zod for a flag (issue 19). ESLint refuses `import { z } from "zod"`.
import "./zod-setup";
// eslint-disable-next-line no-restricted-syntax -- the one module that hands z out, after the setup above
import { z } from "zod";

export { z };

/** A form's optional e-mail field: trimmed, lower case, "" when left empty. */
export function optionalEmailField() {
  return z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, {
      params: { key: "validation.email" },
    });
}
