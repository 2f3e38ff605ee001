// `npm run bench:page-cache`: what the in-process page cache (app/lib/page-cache.server.ts) buys,
// side by side in one run on the production build: requests per second and latency for public
// pages served from the cache, and for the same pages rendered on every request (an unknown
// search parameter makes a page uncacheable, so the router renders it: loaders, React, HTML).
// Prints figures and their ratio; asserts nothing about speed.
import os from "node:os";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGES = (process.env.BENCH_PAGES ?? "/,/faq,/blog,/pl").split(",");

const server = await startBenchServer("bench-cache");
const { base } = server;
const stop = () => server.stop();
const waitReady = () => server.ready();

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        duration: DURATION,
        connections: CONNECTIONS,
        headers: { "accept-language": "en", "user-agent": "Mozilla/5.0 (X11; Linux) bench" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

try {
  await waitReady();
  const rows = [];
  for (const page of PAGES) {
    const cached = base + page;
    const rendered = `${base}${page}${page.includes("?") ? "&" : "?"}bench=render`;
    // Warm both: the first request fills the cache; the first render warms the modules.
    for (const url of [cached, rendered]) {
      const response = await fetch(url, { headers: { "accept-language": "en" } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
    const hit = await load(cached);
    const miss = await load(rendered);
    if (hit.non2xx || miss.non2xx) throw new Error(`${page}: non-2xx answers during the run`);
    rows.push({
      page,
      cachedRps: hit.requests.average,
      renderedRps: miss.requests.average,
      cachedP50: hit.latency.p50,
      renderedP50: miss.latency.p50,
    });
  }
  console.log(
    `\nPage cache, ${CONNECTIONS} connections × ${DURATION} s per page and mode (${os.cpus().length} cores)\n`,
  );
  console.log("page            cached req/s  rendered req/s  ratio   p50 cached  p50 rendered");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(15)} ${r.cachedRps.toFixed(0).padStart(12)} ${r.renderedRps.toFixed(0).padStart(15)} ${`${(r.cachedRps / r.renderedRps).toFixed(1)}×`.padStart(6)} ${`${r.cachedP50} ms`.padStart(11)} ${`${r.renderedP50} ms`.padStart(13)}`,
    );
  }
} finally {
  await stop();
}
