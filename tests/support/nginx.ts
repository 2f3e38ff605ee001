import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * A real nginx from Debian's packages in front of the app, terminating TLS with a throwaway
 * self-signed certificate, as an operator would deploy it. Runs unprivileged-friendly: its
 * own prefix, temp and log files in a temporary folder, in the foreground (`daemon off`),
 * started and stopped by process id.
 */

export const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";

export interface TlsCertificate {
  cert: string;
  key: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, made with the openssl CLI. */
export function selfSignedCertificate(
  dir: string,
): TlsCertificate & { certPath: string; keyPath: string } {
  const certPath = path.join(dir, "cert.pem");
  const keyPath = path.join(dir, "key.pem");
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        keyPath,
        "-out",
        certPath,
      ],
      { stdio: "pipe" },
    );
  } catch (error) {
    throw new Error(
      `Could not make a test certificate with the openssl command (Debian package "openssl"): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    certPath,
    keyPath,
    cert: fs.readFileSync(certPath, "utf8"),
    key: fs.readFileSync(keyPath, "utf8"),
  };
}

export interface NginxProxy {
  /** https://localhost:{port} */
  origin: string;
  port: number;
  certificate: TlsCertificate;
  pid: number;
  errorLog(): string;
  stop(): Promise<void>;
}

/** nginx.conf for a TLS-terminating reverse proxy to 127.0.0.1:{upstreamPort}. */
function nginxConfig(dir: string, port: number, upstreamPort: number): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream parley {
    server 127.0.0.1:${upstreamPort};
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 2m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_read_timeout 1h;

    location / {
      proxy_pass http://parley;
    }
    # The admin panel's picture and audio upload (25 MB and the form around it).
    location = /admin/media {
      client_max_body_size 26m;
      proxy_pass http://parley;
    }
  }
}
`;
}

function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${log()}`));
        return;
      }
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen:\n${log()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts nginx in front of 127.0.0.1:{upstreamPort} on `port` (a free port). */
export async function startNginx(options: {
  port: number;
  upstreamPort: number;
}): Promise<NginxProxy> {
  if (!fs.existsSync(NGINX_PATH)) {
    throw new Error(
      `The TLS-proxy tests need nginx, and none was found at ${NGINX_PATH}.\n` +
        `Install Debian's package (as root: apt-get update && apt-get install -y nginx),\n` +
        `or set NGINX_PATH to an nginx binary. These tests are never skipped.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-nginx-"));
  // Worker processes drop to an unprivileged user when started as root: they must reach
  // their temp folders inside this one.
  fs.chmodSync(dir, 0o755);
  const certificate = selfSignedCertificate(dir);
  const confPath = path.join(dir, "nginx.conf");
  fs.writeFileSync(confPath, nginxConfig(dir, options.port, options.upstreamPort));
  const errorLogPath = path.join(dir, "error.log");
  const errorLog = () => (fs.existsSync(errorLogPath) ? fs.readFileSync(errorLogPath, "utf8") : "");
  let output = "";
  const child = spawn(NGINX_PATH, ["-p", dir, "-c", confPath, "-e", errorLogPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(options.port, child, () => `${output}\n${errorLog()}`);
  return {
    origin: `https://localhost:${options.port}`,
    port: options.port,
    certificate,
    pid: child.pid ?? 0,
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fetch for an https server whose certificate is trusted through `ca` (Node's fetch has no
 * per-call certificate option). Answers a standard Response whose body streams.
 */
export function fetchTrusting(ca: string) {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 16 });
  const fetchWithCa = async (input: string, init: RequestInit = {}): Promise<Response> => {
    // Any body fetch takes (text, FormData, bytes), encoded as fetch would, with its type.
    const encoded = init.body === undefined || init.body === null ? null : new Response(init.body);
    const body = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
    return new Promise((resolve, reject) => {
      const url = new URL(input);
      const method = (init.method ?? "GET").toUpperCase();
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      const type = encoded?.headers.get("content-type");
      if (type && !headers["content-type"]) headers["content-type"] = type;
      if (body) headers["content-length"] = String(body.length);
      const request = https.request(url, { method, headers, agent }, (res) => {
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          responseHeaders.append(res.rawHeaders[i] ?? "", res.rawHeaders[i + 1] ?? "");
        const status = res.statusCode ?? 0;
        const empty = method === "HEAD" || [204, 205, 304].includes(status);
        if (empty) res.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage,
            headers: responseHeaders,
          }),
        );
      });
      request.on("error", reject);
      init.signal?.addEventListener("abort", () => request.destroy(new Error("aborted")));
      request.end(body);
    });
  };
  return Object.assign(fetchWithCa, { close: () => agent.destroy() });
}
