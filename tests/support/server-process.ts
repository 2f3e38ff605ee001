import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { TEST_NOW } from "./clock";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function tempDir(prefix = "parley-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
  stop(): Promise<number | string>;
}

/**
 * Servers still running when the test process ends (a test that timed out before its
 * cleanup) are killed with it, so none is left behind to load the machine.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Builds must exist: `npm test` builds before running the integration suite. */
export function assertBuilt() {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
}

/** Starts the production server (`node server.js`) as a child process and waits until it listens. */
export async function startServer(
  env: Record<string, string> = {},
  options: { args?: string[]; waitForListen?: boolean; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  assertBuilt();
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? tempDir();
  const child = spawn(process.execPath, ["server.js", ...(options.args ?? [])], {
    cwd: path.resolve("."),
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_APP_ORIGIN: `http://127.0.0.1:${port}`,
      // The server's calendar starts where the tests' does, whatever day the suite runs.
      CLOCK_START: TEST_NOW.toISOString(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  if (options.waitForListen !== false) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        const check = () => (out.includes("Parley is running") ? resolve() : setTimeout(check, 50));
        check();
      }),
      exited.then((code) => {
        throw new Error(`Server exited (${code}) before listening:\n${out}`);
      }),
      new Promise((_, reject) => {
        const limitMs = options.startTimeoutMs ?? 90_000;
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`Server did not start in ${limitMs / 1000} s:\n${out}`));
        }, limitMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }
  return {
    url,
    port,
    child,
    exited,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
