// Zod for the app's schemas, set up first (app/lib/zod-setup.ts: no `new Function` probe under
// our Content-Security-Policy). Importing `z` from here rather than from "zod" is what makes
// the setup run before any schema is built, on the pages that build one and only there: the
// root no longer loads Zod for a flag (issue 19). ESLint refuses `import { z } from "zod"`.
import "./zod-setup";

export { z } from "zod";
