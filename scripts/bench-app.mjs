// `npm run bench:app` (issue 19): signed-in pages next to the cached landing, in one run, on the
// production build — on the embedded database and, when this machine has PostgreSQL and root,
// on a throwaway PostgreSQL cluster (scripts/pg-temp.sh). For each: requests per second and
// p99 latency with 20 connections, sign-in p95 with 20 at once, and the gzipped JavaScript a
// signed-in library page loads. Prints figures and ratios; asserts nothing about speed.
//   BENCH_DURATION (s per page, 8)  BENCH_CONNECTIONS (20)  BENCH_DATABASES (embedded,postgres)
import os from "node:os";
import zlib from "node:zlib";
import autocannon from "autocannon";
import {
  BENCH_AGENT as AGENT,
  signInDemoTeacher,
  startBenchServer,
  startTempPostgres,
} from "./bench-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATABASES = (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",");

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Gzipped bytes of the JavaScript a page's HTML loads (module scripts and preloads). */
async function pageScripts(base, path, cookie) {
  const html = await (
    await fetch(base + path, { headers: { cookie, "user-agent": AGENT } })
  ).text();
  const urls = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let gzipped = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    gzipped += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, kB: gzipped / 1000 };
}

async function measure(database, extraEnv) {
  const server = await startBenchServer(`bench-app-${database}`, {
    TRUSTED_PROXY_HEADER: "x-forwarded-for",
    ...extraEnv,
  });
  try {
    await server.ready();
    const { cookie, email: TEACHER, password: PASSWORD } = await signInDemoTeacher(server);
    const search = "/dashboard/exercises?q=travel&level=B1";
    const list = await (await fetch(server.base + search, { headers: { cookie } })).text();
    const exercise = /href="(\/dashboard\/exercises\/[^"?#/]+)"/.exec(list)?.[1];
    if (!exercise) throw new Error("No exercise on the search page");
    const pages = [
      ["Landing (page cache)", "/", {}],
      ["/dashboard (signed in)", "/dashboard", { cookie }],
      [search, search, { cookie }],
      ["an exercise page", exercise, { cookie }],
    ];
    const rows = [];
    for (const [name, path, headers] of pages) {
      const warm = await fetch(server.base + path, {
        headers: { ...headers, "user-agent": AGENT },
      });
      if (!warm.ok) throw new Error(`${path} answered ${warm.status}`);
      await warm.arrayBuffer();
      const result = await load({
        url: server.base + path,
        headers: { ...headers, "user-agent": AGENT, "accept-language": "en" },
      });
      if (result.non2xx) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
      rows.push({ name, rps: result.requests.average, p99: result.latency.p99 });
    }
    // Sign-in, 20 at once: each request from its own address (the per-address limit is 5 a minute).
    let n = 0;
    const signIns = await load({
      url: `${server.base}/auth/sign-in`,
      method: "POST",
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: server.base,
              "user-agent": AGENT,
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
            },
            body: new URLSearchParams({ email: TEACHER, password: PASSWORD }).toString(),
          }),
        },
      ],
    });
    const signInOk = signIns["3xx"];
    const js = await pageScripts(server.base, search, cookie);
    const landingJs = await pageScripts(server.base, "/", "");
    return {
      rows,
      signIn: signIns.latency,
      signInOk,
      signIns: signIns.requests.total,
      js,
      landingJs,
    };
  } finally {
    await server.stop();
  }
}

const results = {};
for (const database of DATABASES) {
  if (database === "postgres") {
    const pg = startTempPostgres();
    if (!pg) {
      console.log("PostgreSQL: skipped (needs root and Debian's postgresql package)");
      continue;
    }
    try {
      results.postgres = await measure("postgres", { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  } else results.embedded = await measure("embedded", { DATABASE_URL: "" });
}

const names = Object.keys(results);
console.log(
  `\nSigned-in pages next to the cached landing: ${CONNECTIONS} connections × ${DURATION} s each, ${os.cpus().length} cores\n`,
);
console.log(
  "page".padEnd(42) + names.map((d) => `${d}: req/s   p99   ×landing`.padStart(34)).join(""),
);
const first = results[names[0]];
first.rows.forEach((row, i) => {
  const cells = names.map((d) => {
    const r = results[d].rows[i];
    const ratio = r.rps / results[d].rows[0].rps;
    return `${r.rps.toFixed(0).padStart(17)} ${`${r.p99} ms`.padStart(7)} ${ratio.toFixed(3).padStart(7)}`;
  });
  console.log(row.name.padEnd(42) + cells.map((c) => c.padStart(34)).join(""));
});
for (const d of names) {
  const r = results[d];
  console.log(
    `\n${d}: sign-in, ${CONNECTIONS} at once: p50 ${r.signIn.p50} ms, p97.5 ${r.signIn["p97_5"]} ms, p99 ${r.signIn.p99} ms (${r.signInOk} of ${r.signIns} signed in)`,
  );
}
const js = results[names[0]];
console.log(
  `\nJavaScript (gzipped): signed-in library page ${js.js.kB.toFixed(1)} kB in ${js.js.files} files; landing ${js.landingJs.kB.toFixed(1)} kB in ${js.landingJs.files} files`,
);
