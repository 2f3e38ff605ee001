// Entry point. Production: serves the build in ./build. Development (--dev): Vite middleware
// with hot reload. Other flags (--seed-only, --create-admin) run a task and exit.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const development = argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

if (development) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  const { main } = await vite.ssrLoadModule("./server/main.ts");
  await main({ mode: "development", projectRoot, argv, vite });
} else {
  const bundle = path.join(projectRoot, "build", "server", "index.js");
  if (!fs.existsSync(bundle)) {
    process.stderr.write(
      "\nNo production build found. Run `npm run build` first (or `npm start`, which builds).\n\n",
    );
    process.exit(1);
  }
  const { main } = await import(bundle);
  await main({ mode: "production", projectRoot, argv });
}
