import pino from "pino";
import type { Env } from "./env.server";

export type Logger = pino.Logger;

/** JSON lines in production; readable, coloured lines in development. */
export function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Logger {
  const pretty = env.NODE_ENV === "development";
  return pino({
    level: env.LOG_LEVEL,
    base: pretty ? undefined : { service: "parley" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    transport: pretty
      ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } }
      : undefined,
  });
}
