// `npm run bench:profile -- [path]` (issue 19): where a signed-in page's server time goes. Starts
// the production server under `node --cpu-prof` (on a throwaway PostgreSQL when this machine can
// start one, else embedded; BENCH_DATABASES=embedded forces it), signs the demo teacher in, loads
// the page with autocannon (20 connections, BENCH_DURATION s), then reads the profile of the
// loaded seconds only and prints the server's CPU per request and self time by package, plus
// React Router's share by phase. The .cpuprofile stays in BENCH_PROFILE_DIR for DevTools.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  BENCH_AGENT,
  signInDemoTeacher,
  startBenchServer,
  startTempPostgres,
} from "./bench-server.mjs";

const page = process.argv[2] ?? "/dashboard";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const dir = process.env.BENCH_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "parley-prof-"));
const pg = (process.env.BENCH_DATABASES ?? "postgres") === "embedded" ? null : startTempPostgres();
process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;

let result;
const server = await startBenchServer("profile", { DATABASE_URL: pg?.url ?? "" });
try {
  await server.ready();
  const { cookie } = await signInDemoTeacher(server);
  const headers = { cookie, "user-agent": BENCH_AGENT, "accept-language": "en" };
  for (let i = 0; i < 20; i++) await (await fetch(server.base + page, { headers })).arrayBuffer();
  result = await new Promise((resolve, reject) =>
    autocannon(
      { url: server.base + page, headers, connections: 20, duration: DURATION },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
} finally {
  await server.stop();
  pg?.stop();
}

const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
const requests = result.requests.total;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Only the samples of the loaded seconds (start-up and shutdown are left out).
const loadStart = profile.endTime - (DURATION + 0.3) * 1e6;
const self = new Map();
let time = profile.startTime;
let total = 0;
profile.samples.forEach((id, i) => {
  time += profile.timeDeltas[i] ?? 0;
  if (time < loadStart) return;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  total += profile.timeDeltas[i] ?? 0;
});

function where(node) {
  const { url, functionName } = node.callFrame;
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(idle)") return "idle";
  if (functionName === "writev" || functionName === "writeUtf8String") return "socket writes";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:")) return "Node core";
  if (url.startsWith("wasm://")) return "PGlite (WebAssembly)";
  if (url.includes("/build/server/")) return "Parley (build/server)";
  return url ? url : "native";
}
const byWhere = new Map();
for (const [id, t] of self) {
  const key = where(nodes.get(id));
  byWhere.set(key, (byWhere.get(key) ?? 0) + t);
}
// React Router's framework work on every document request, by the phase that called it.
const PHASES = {
  matchRoutesImpl: "matching the URL against every route branch",
  createServerRoutes: "rebuilding the route tree for <ServerRouter>",
  convertRoutesToDataRoutes: "converting it into data routes",
  getPartialManifest: "the partial manifest for <Scripts>",
};
const phase = new Map();
for (const [id, t] of self) {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const name = nodes.get(cur).callFrame.functionName;
    if (name in PHASES) {
      phase.set(name, (phase.get(name) ?? 0) + t);
      break;
    }
  }
}

const ms = (us) => (us / 1000).toFixed(0).padStart(6) + " ms";
const share = (us) => ((us / total) * 100).toFixed(1).padStart(5) + " %";
const busy = total - (byWhere.get("idle") ?? 0);
console.log(
  `\n${page}: ${requests} requests in ${DURATION} s (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms), ${pg ? "PostgreSQL" : "embedded"}`,
);
console.log(
  `Server main thread busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms: ${(busy / 1000 / requests).toFixed(2)} ms of CPU per request\n`,
);
console.log("Self time by where it runs:");
for (const [key, t] of [...byWhere].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
  console.log(`  ${share(t)} ${ms(t)}  ${key}`);
}
console.log("\nReact Router's per-request framework work (inclusive):");
for (const [name, label] of Object.entries(PHASES)) {
  const t = phase.get(name) ?? 0;
  console.log(`  ${share(t)} ${ms(t)}  ${label} (${(t / 1000 / requests).toFixed(2)} ms/request)`);
}
console.log(`\nProfile: ${path.join(dir, file)}`);
