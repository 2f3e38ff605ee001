/**
 * `npm run bench:sse`: how many Server-Sent Events connections one instance holds, and the
 * memory it uses, against the production build in its own process (embedded database, or
 * PostgreSQL with DATABASE_URL). BENCH_SSE_CONNECTIONS sets the target (2,000 by default).
 * Prints figures only.
 */
import fs from "node:fs";
import http from "node:http";
import { it } from "vitest";
import { startServer } from "../tests/support/server-process";

const TARGET = Number(process.env.BENCH_SSE_CONNECTIONS ?? 2000);

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

it("holds many server-sent event streams", async () => {
  const server = await startServer({
    NODE_ENV: "development",
    LOG_LEVEL: "error",
    JOBS: "off",
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const url = new URL(server.url);
    const signIn = await fetch(`${server.url}/auth/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "user-agent": "Mozilla/5.0 Chrome/150",
      },
      body: new URLSearchParams({
        email: "teacher@parley.example",
        password: "parley-demo-teacher",
      }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!cookie.includes("session_token")) throw new Error(`sign-in failed: ${signIn.status}`);
    const pid = server.child.pid ?? 0;
    const before = rssMiB(pid);

    let open = 0;
    let failed = 0;
    const requests: http.ClientRequest[] = [];
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let settled = 0;
      const done = () => {
        settled++;
        if (settled === TARGET) resolve();
      };
      for (let i = 0; i < TARGET; i++) {
        const req = http.get(
          {
            host: url.hostname,
            port: url.port,
            path: "/api/events",
            agent,
            headers: {
              cookie,
              "user-agent": "Mozilla/5.0 Chrome/150",
              accept: "text/event-stream",
            },
          },
          (res) => {
            if (res.statusCode !== 200) {
              failed++;
              res.resume();
              done();
              return;
            }
            let seen = false;
            res.on("data", (chunk: Buffer) => {
              if (!seen && chunk.toString().includes("event: hello")) {
                seen = true;
                open++;
                done();
              }
            });
          },
        );
        req.on("error", () => {
          failed++;
          done();
        });
        requests.push(req);
      }
    });
    const openMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2000));
    const held = rssMiB(pid);
    process.stdout.write(
      [
        "",
        `SSE connections: ${open} open, ${failed} failed (target ${TARGET}) in ${(openMs / 1000).toFixed(1)} s`,
        `server RSS: ${before.toFixed(0)} MiB before, ${held.toFixed(0)} MiB holding them (+${(held - before).toFixed(0)} MiB, ${(((held - before) * 1024) / Math.max(1, open)).toFixed(1)} KiB per connection)`,
        `database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}`,
        "",
      ].join("\n"),
    );
    for (const req of requests) req.destroy();
  } finally {
    agent.destroy();
    await server.stop();
  }
});
