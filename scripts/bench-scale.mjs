// `npm run bench:scale` (issue 19 item 4): does throughput add up when Parley runs as several
// instances on one PostgreSQL? Starts a throwaway PostgreSQL (scripts/pg-temp.sh), two
// production servers on it and nginx in front (plain HTTP: one port, round robin), then
// measures signed-in pages through nginx with one upstream and with both, in the same run.
// Needs root, Debian's postgresql and nginx. Prints figures; asserts nothing about speed.
//   BENCH_DURATION (s per page and setup, 8)  BENCH_CONNECTIONS (20)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import getPort from "get-port";
import {
  BENCH_AGENT,
  signInDemoTeacher,
  startBenchServer,
  startTempPostgres,
} from "./bench-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";

if (process.getuid?.() !== 0 || !fs.existsSync(NGINX)) {
  console.log("bench:scale needs root, Debian's postgresql and nginx (apt-get install -y nginx)");
  process.exit(0);
}

/** nginx on a free port, round robin over the given upstream ports. */
async function startNginx(upstreams) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-scale-nginx-"));
  fs.chmodSync(dir, 0o755);
  const port = await getPort();
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${dir}/${name};`)
    .join("\n  ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
  upstream parley {
    ${upstreams.map((p) => `server 127.0.0.1:${p};`).join("\n    ")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://parley;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/readyz`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function load(url, cookie) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        duration: DURATION,
        connections: CONNECTIONS,
        headers: { cookie, "user-agent": BENCH_AGENT, "accept-language": "en" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const pg = startTempPostgres();
if (!pg) {
  console.log("bench:scale could not start PostgreSQL (apt-get install -y postgresql)");
  process.exit(0);
}
const stops = [];
try {
  const env = { DATABASE_URL: pg.url };
  // The first instance migrates and seeds; the second starts on the ready database.
  const first = await startBenchServer("scale-1", env);
  stops.push(() => first.stop());
  await first.ready();
  const second = await startBenchServer("scale-2", env);
  stops.push(() => second.stop());
  await second.ready();
  const { cookie } = await signInDemoTeacher(first);
  const portOf = (server) => new URL(server.base).port;
  const one = await startNginx([portOf(first)]);
  stops.push(() => one.stop());
  const two = await startNginx([portOf(first), portOf(second)]);
  stops.push(() => two.stop());

  const list = await (
    await fetch(`${first.base}/dashboard/exercises`, { headers: { cookie } })
  ).text();
  const exercise = /href="(\/dashboard\/exercises\/[^"?#/]+)"/.exec(list)?.[1] ?? "/dashboard";
  const rows = [];
  for (const page of ["/dashboard", exercise]) {
    for (const proxy of [one, two]) {
      const warm = await fetch(proxy.base + page, { headers: { cookie } });
      if (!warm.ok) throw new Error(`${page} through nginx answered ${warm.status}`);
      await warm.arrayBuffer();
    }
    const single = await load(one.base + page, cookie);
    const double = await load(two.base + page, cookie);
    if (single.non2xx || double.non2xx) throw new Error(`${page}: non-2xx answers`);
    rows.push({ page, single, double });
  }
  console.log(
    `\nOne PostgreSQL, nginx round robin, ${CONNECTIONS} connections × ${DURATION} s (${os.cpus().length} cores shared by PostgreSQL, nginx, the instances and the load generator)\n`,
  );
  console.log(`${"page".padEnd(40)}1 instance: req/s   p99   2 instances: req/s   p99   ratio`);
  for (const { page, single, double } of rows) {
    console.log(
      `${page.padEnd(40)}${single.requests.average.toFixed(0).padStart(17)} ${`${single.latency.p99} ms`.padStart(7)}${double.requests.average.toFixed(0).padStart(21)} ${`${double.latency.p99} ms`.padStart(7)} ${`${(double.requests.average / single.requests.average).toFixed(2)}×`.padStart(7)}`,
    );
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  pg.stop();
}
