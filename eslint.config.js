import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Dependencies point one way: routes → features → lib/components/db, and the app never
// reaches into the server, the scripts, the benchmarks or the test support (tests may).
const ZONES = [
  {
    target: "./app/features",
    from: ["./app/routes", "./app/shell"],
    message: "features must not import routes or the app chrome (app/shell)",
  },
  { target: "./app/shell", from: "./app/routes", message: "the app chrome must not import routes" },
  {
    target: "./app/lib",
    from: ["./app/routes", "./app/features", "./app/shell"],
    message: "lib must not import routes, the app chrome or features",
  },
  {
    target: "./app/components",
    from: ["./app/routes", "./app/features", "./app/shell"],
    message: "components must not import routes, the app chrome or features",
  },
  {
    target: "./db",
    from: ["./app/routes", "./app/shell", "./app/features", "./app/components"],
    message: "db must not import app code",
  },
  {
    target: "./app",
    from: ["./server", "./scripts", "./bench"],
    message: "app code must not import the server, scripts or benchmarks",
  },
  {
    target: "./app",
    from: "./tests",
    message: "app code must not import test support (only tests may)",
  },
  {
    target: "./server",
    from: ["./scripts", "./tests", "./bench"],
    message: "the server must not import scripts, tests or benchmarks",
  },
  {
    target: "./scripts",
    from: ["./tests", "./bench"],
    message: "scripts must not import tests or benchmarks",
  },
];

// Each feature folder is one area with a public module: `index.ts` (browser and server) and
// `index.server.ts` (server only). Another feature imports it only from there (issue 20).
const FEATURES = readdirSync("./app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = FEATURES.map((feature) => ({
  files: [`app/features/${feature}/**`],
  // A test may reach into what it tests, wherever that is.
  ignores: [
    `app/features/${feature}/index.ts`,
    `app/features/${feature}/index.server.ts`,
    "**/*.test.ts",
    "**/*.test.tsx",
  ],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["~/features/*/**", "!~/features/*/index.server", `!~/features/${feature}/**`],
            message: `Another feature is imported from its public module: "~/features/<name>" or "~/features/<name>/index.server".`,
          },
          {
            group: FEATURES.filter((other) => other !== feature).flatMap((other) => [
              `../${other}/**`,
              `../../${other}/**`,
            ]),
            message: "Import another feature through its public module with the ~/features/ alias.",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      "node_modules/",
      ".react-router/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones: ZONES }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Links and forms to the app's own pages go through React Router's typed href(), so a
      // page that moves or a misspelt address fails typecheck (issue 20: one source per URL).
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXAttribute[name.name=/^(to|action)$/] > Literal[value=/^\\/(dashboard|auth|admin|class|c|r|legal)(\\/|$|\\?|#)/]",
          message: 'Use href("/pattern", params) for the app\'s own pages.',
        },
        {
          selector:
            "JSXAttribute[name.name=/^(to|action)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(dashboard|auth|admin|class|c|r|legal)(\\/|$|\\?|#)/]",
          message: 'Use href("/pattern", params) for the app\'s own pages.',
        },
        {
          // Zod's setup must run before a schema is built (app/lib/zod-setup.ts).
          selector:
            'ImportDeclaration[source.value="zod"][importKind="value"] > ImportSpecifier[imported.name="z"][importKind!="type"]',
          message: 'Import z from "~/lib/zod", which sets Zod up first.',
        },
      ],
    },
  },
  {
    // Routes are thin (issue 20): they read the request, call feature functions and answer.
    // Queries live in features, so a route never holds a table or a query builder.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@db/*", "drizzle-orm", "drizzle-orm/*", "~/lib/db.server"],
              message: "Routes call feature functions; queries live in app/features.",
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // Playwright fixtures must destructure their (sometimes empty) dependencies.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // A test next to the code it tests may use the shared test support.
    files: ["app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: ZONES.filter((zone) => zone.from !== "./tests") },
      ],
    },
  },
);
