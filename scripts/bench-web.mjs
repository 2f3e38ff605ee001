// Speed of the public site (issue 7's targets), printed as figures, never asserted in tests:
//   npm run bench:web            (builds when build/ is missing)
//   BENCH_RUNS=5 BENCH_DURATION=20 npm run bench:web
// Starts the production server on a fresh embedded database, then measures the landing page:
// Lighthouse 12 (mobile, simulated throttling) performance, accessibility and LCP; the
// gzipped JavaScript the page loads; and server throughput with autocannon (50 connections).
import zlib from "node:zlib";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "./chromium.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PAGES = (process.env.BENCH_PAGES ?? "/").split(",");
const TARGETS = { performance: 95, accessibility: 100, jsKb: 120, lcpMs: 1500, rps: 1500 };

const server = await startBenchServer("bench-web");
const { base } = server;
const stop = () => server.stop();
const waitReady = () => server.ready();

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Gzipped size of the JavaScript a page asks for before it is interactive. */
async function initialJs(pagePath) {
  const html = await (
    await fetch(base + pagePath, { headers: { "accept-language": "en" } })
  ).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 6 }).length;
  }
  return { files: urls.size, rawKb: raw / 1024, gzKb: gz / 1024 };
}

async function runLighthouse(pagePath) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    // Lighthouse needs the new headless mode; the other flags are the project's own.
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS.filter((flag) => flag !== "--headless")],
  });
  try {
    const result = await lighthouse(
      base + pagePath,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: { "Accept-Language": "en" },
      },
      undefined,
    );
    const lhr = result.lhr;
    const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
      (r) => r.resourceType === "Script",
    );
    const failing = Object.values(lhr.audits)
      .filter(
        (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
      fcpMs: lhr.audits["first-contentful-paint"].numericValue,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      scriptKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

function check(ok) {
  return ok ? "ok" : "MISSED";
}

try {
  await waitReady();
  // Warm up: the first render of each page fills the page cache, as in production.
  for (const p of PAGES)
    await (await fetch(base + p, { headers: { "accept-language": "en" } })).text();

  for (const pagePath of PAGES) {
    console.log(`\n== ${pagePath}`);
    const js = await initialJs(pagePath);
    console.log(
      `JavaScript before interactive: ${js.files} files, ${js.rawKb.toFixed(1)} kB, ${js.gzKb.toFixed(1)} kB gzipped (target ≤ ${TARGETS.jsKb}) ${check(js.gzKb <= TARGETS.jsKb)}`,
    );
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(pagePath));
    const perf = median(runs.map((r) => r.performance));
    const a11y = Math.min(...runs.map((r) => r.accessibility));
    const lcp = median(runs.map((r) => r.lcpMs));
    console.log(
      `Lighthouse mobile (simulated throttling), median of ${RUNS}: performance ${perf} ${check(perf >= TARGETS.performance)}, accessibility ${a11y} ${check(a11y >= TARGETS.accessibility)}`,
    );
    console.log(
      `  LCP ${lcp.toFixed(0)} ms ${check(lcp <= TARGETS.lcpMs)}, FCP ${median(runs.map((r) => r.fcpMs)).toFixed(0)} ms, TBT ${median(runs.map((r) => r.tbtMs)).toFixed(0)} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, scripts transferred ${median(runs.map((r) => r.scriptKb)).toFixed(1)} kB`,
    );
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.log(`  failing accessibility audits: ${failing.join(", ")}`);

    const result = await autocannon({
      url: base + pagePath,
      connections: 50,
      duration: DURATION,
      headers: { "accept-language": "en" },
    });
    console.log(
      `autocannon, 50 connections, ${DURATION} s: ${result.requests.average.toFixed(0)} requests/s ${check(result.requests.average >= TARGETS.rps)} (p50 latency ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
} finally {
  await stop();
}
