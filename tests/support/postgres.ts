import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process";
import { freshPostgresDatabase } from "./test-database";

/**
 * A real PostgreSQL database for a test: a fresh copy of the migrated template when the
 * suite runs against PostgreSQL (DATABASE_URL), otherwise a throwaway cluster started here
 * with Debian's binaries (initdb/pg_ctl, as user postgres when running as root, like .ci/run).
 */
export interface TestPostgres {
  url: string;
  /** host:port the database listens on. */
  port: number;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const latest = versions.at(-1);
  if (!latest)
    throw new Error(
      "This test needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb): " +
        "install Debian's postgresql package (as root: apt-get install -y postgresql), or run " +
        "the suite with DATABASE_URL pointing at a PostgreSQL server.",
    );
  return path.join(root, latest, "bin");
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const fresh = await freshPostgresDatabase();
  if (fresh) {
    const url = new URL(fresh.url);
    return { url: fresh.url, port: Number(url.port || 5432), stop: fresh.drop };
  }
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-pg-"));
  const asRoot = process.getuid?.() === 0;
  // The database runs on the real clock, like the CI's PostgreSQL server (libfaketime's shared
  // memory, made by root, is not open to the postgres user either).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) =>
        !name.startsWith("FAKETIME") && !(name === "LD_PRELOAD" && /faketime/.test(value ?? "")),
    ),
  );
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    if (asRoot) {
      const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
      execFileSync("su", ["postgres", "-c", quoted], { stdio: "pipe", env });
    } else {
      execFileSync(command, args, { stdio: "pipe", env });
    }
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const port = await freePort();
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-t",
    "120",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=50`,
    "start",
  ]);
  const stop = async () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    await admin.connect();
    await admin.query("create database parley");
    await admin.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/parley`, port, stop };
}

/**
 * A TCP relay between the app and its database that the test can cut (every connection
 * dropped, new ones refused) and restore, as a network failure or a database restart would.
 */
export class CuttableTcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : port;
    this.server = server;
    return this.port;
  }

  /** Drops every open connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again, on the same port. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
