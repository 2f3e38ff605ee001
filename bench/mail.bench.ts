/**
 * `npm run bench:mail`: 10,000 mails (BENCH_MAILS) through the outbox and the pg-boss mail
 * queue to a local SMTP sink, against the same number sent straight through nodemailer's
 * pooled transport (the baseline: what SMTP alone allows here). Embedded database, or
 * PostgreSQL with DATABASE_URL. Prints mails per second, the ratio, and the process's
 * memory as the run goes; asserts nothing about speed.
 */
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { it } from "vitest";
import { createTestServices } from "../tests/support/test-services";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const MB = 1024 * 1024;

/** Takes every message and drops it: the receiving end costs as little as possible. */
async function startSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received: () => received,
    reset: () => (received = 0),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function newsletter(i: number) {
  const body = `Hello teacher ${i},\n\nThis week in Parley: new speaking exercises for A2 and B1.`;
  return {
    kind: "bench",
    to: `teacher${i}@bench.test`,
    subject: "This week in Parley",
    text: body,
    html: `<p>${body.replace(/\n\n/g, "</p><p>")}</p>`,
  };
}

async function waitFor(done: () => boolean, sample: () => void) {
  while (!done()) {
    sample();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it(`delivers ${MAILS} mails through the queue`, async () => {
  const sink = await startSink();
  let peakRss = process.memoryUsage().rss;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };

  // Baseline: nodemailer's pool straight to the sink, 40 sends in flight.
  const direct = nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    host: "127.0.0.1",
    port: sink.port,
  });
  let t = performance.now();
  for (let i = 0; i < MAILS; i += 40)
    await Promise.all(
      Array.from({ length: Math.min(40, MAILS - i) }, (_, j) =>
        direct.sendMail({ from: "bench@parley.test", ...newsletter(i + j) }),
      ),
    );
  const directSeconds = (performance.now() - t) / 1000;
  direct.close();
  sink.reset();

  const services = await createTestServices({ SMTP_URL: sink.url });
  try {
    const rssBefore = process.memoryUsage().rss;
    const checkpoints: string[] = [];
    t = performance.now();
    // As a newsletter goes out: a thousand recipients' mails per call.
    for (let i = 0; i < MAILS; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, MAILS - i) }, (_, j) => ({
        ...newsletter(i + j),
        key: `bench:${i + j}`,
      }));
      await services.mail.sendMany(batch);
      sample();
    }
    const enqueueSeconds = (performance.now() - t) / 1000;
    let next = MAILS / 4;
    await waitFor(
      () => sink.received() >= MAILS,
      () => {
        sample();
        if (sink.received() >= next) {
          checkpoints.push(`${sink.received()}: ${(process.memoryUsage().rss / MB).toFixed(0)} MB`);
          next += MAILS / 4;
        }
      },
    );
    const queueSeconds = (performance.now() - t) / 1000;
    const rssAfter = process.memoryUsage().rss;
    const rate = (s: number) => `${(MAILS / s).toFixed(0)} mails/s`;
    console.log(
      [
        "",
        `Mail, ${MAILS} mails to a local SMTP sink (${services.database.kind})`,
        `  direct nodemailer pool (baseline): ${directSeconds.toFixed(1)} s, ${rate(directSeconds)}`,
        `  enqueue through the outbox:        ${enqueueSeconds.toFixed(1)} s, ${rate(enqueueSeconds)}`,
        `  enqueue + delivery by the queue:   ${queueSeconds.toFixed(1)} s, ${rate(queueSeconds)}`,
        `  queue / baseline time:             ${(queueSeconds / directSeconds).toFixed(2)}×`,
        `  memory (RSS): before ${(rssBefore / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB, after ${(rssAfter / MB).toFixed(0)} MB`,
        `  RSS as mails arrived: ${checkpoints.join(", ")}`,
        "",
      ].join("\n"),
    );
  } finally {
    await services.close();
    await sink.stop();
  }
});
