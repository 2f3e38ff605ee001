/**
 * `npm run bench:auth`: the cost of a password hash (argon2id with the app's parameters) and
 * sign-in latency with 20 teachers signing in at the same moment, against the production
 * build on an embedded database (or PostgreSQL with DATABASE_URL). Prints figures only.
 */
import { it } from "vitest";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import { hashPassword, verifyPassword } from "~/lib/auth/password.server";
import type { Services } from "~/lib/services.server";
import { HttpSession } from "../tests/support/http-session";
import { startTestApp } from "../tests/support/test-app";

const CONCURRENCY = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = "a bench passphrase long enough";

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

it("password hashing and concurrent sign-in", async () => {
  const hashes: number[] = [];
  const verifies: number[] = [];
  for (let i = 0; i < 10; i++) {
    let t = performance.now();
    const hash = await hashPassword(`${PASSWORD}${i}`);
    hashes.push(performance.now() - t);
    t = performance.now();
    await verifyPassword({ hash, password: `${PASSWORD}${i}` });
    verifies.push(performance.now() - t);
  }
  hashes.sort((a, b) => a - b);
  verifies.sort((a, b) => a - b);

  const app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  try {
    for (let i = 0; i < CONCURRENCY; i++)
      await ensureUser(app.services as Services, {
        email: `bench${i}@parley.test`,
        firstName: "Bench",
        lastName: `Teacher ${i}`,
        role: ROLE.TEACHER,
        password: PASSWORD,
      });
    const latencies: number[] = [];
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, i) => {
          const client = new HttpSession(app.url, { "x-forwarded-for": `10.60.${round}.${i + 1}` });
          const started = performance.now();
          const res = await client.postForm("/auth/sign-in", {
            email: `bench${i}@parley.test`,
            password: PASSWORD,
          });
          latencies.push(performance.now() - started);
          if (res.status !== 302) failures++;
          await res.arrayBuffer();
        }),
      );
    }
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      [
        "",
        `argon2id hash (19 MiB, t=2): p50 ${ms(percentile(hashes, 50))}, p95 ${ms(percentile(hashes, 95))}`,
        `argon2id verify:             p50 ${ms(percentile(verifies, 50))}, p95 ${ms(percentile(verifies, 95))}`,
        `sign-in, ${CONCURRENCY} at once × ${ROUNDS} rounds (${latencies.length} requests, ${failures} not 302):`,
        `  p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1) ?? 0)}`,
        `  database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}`,
        "",
      ].join("\n"),
    );
  } finally {
    await app.close();
  }
});
