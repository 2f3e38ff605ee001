// The production server as the benchmarks run it: built if needed, on a free port, on a fresh
// embedded database (or BENCH_DATABASE_URL), quiet logs, its output kept for the caller. `await server.ready()` before
// measuring, `await server.stop()` after (it also removes the data folder).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";

export async function startBenchServer(name, extraEnv = {}) {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("Building…");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(1);
  }
  const port = await getPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    /** What the server printed so far (the demo accounts' set-password links among it). */
    output: () => output,
    async ready() {
      for (let i = 0; i < 240; i++) {
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error("The server did not become ready");
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's agent: the server answers bots differently. */
export const BENCH_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/156 bench";
const DEMO_TEACHER = "teacher@parley.example";
const DEMO_PASSWORD = "a long bench passphrase";

/**
 * Sets the demo teacher's password by the link the server printed at its first start, signs
 * in, and gives the session's Cookie header (and the password, for sign-in benchmarks).
 */
export async function signInDemoTeacher(server) {
  const link = new RegExp(`${DEMO_TEACHER}: set a password at (\\S+)`).exec(server.output())?.[1];
  if (!link) throw new Error(`No set-password link for ${DEMO_TEACHER} in the server output`);
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    origin: server.base,
    "user-agent": BENCH_AGENT,
  };
  const set = await fetch(server.base + new URL(link).pathname, {
    method: "POST",
    headers,
    body: new URLSearchParams({ password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }),
    redirect: "manual",
  });
  if (set.status !== 302) throw new Error(`Setting the password answered ${set.status}`);
  const answer = await fetch(`${server.base}/auth/sign-in`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email: DEMO_TEACHER, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  if (answer.status !== 302) throw new Error(`Sign-in answered ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, email: DEMO_TEACHER, password: DEMO_PASSWORD };
}

/**
 * A throwaway PostgreSQL cluster (scripts/pg-temp.sh) for a benchmark: `{ url, stop }`, or null
 * when this machine cannot start one (it needs root and Debian's postgresql package).
 */
export function startTempPostgres() {
  if (process.getuid?.() !== 0) return null;
  const started = spawnSync("bash", ["scripts/pg-temp.sh", "start"], { encoding: "utf8" });
  if (started.status !== 0) return null;
  const vars = Object.fromEntries(
    [...started.stdout.matchAll(/(PG_TEMP_\w+)=(\S+)/g)].map((m) => [m[1], m[2]]),
  );
  return {
    url: vars.PG_TEMP_URL,
    stop: () => spawnSync("bash", ["scripts/pg-temp.sh", "stop", vars.PG_TEMP_DIR]),
  };
}
