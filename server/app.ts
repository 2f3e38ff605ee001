import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { pageCacheFor, pageCacheKey, withNonce } from "~/lib/page-cache.server";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { provideSiteFacts } from "~/features/content/store.server";
import { requestContext, servicesContext } from "~/lib/context.server";
import { badBytesInUrl } from "~/lib/bad-bytes";
import { DATABASE_RETRY_AFTER_S } from "~/lib/db.server";
import { normalizeLocale } from "~/lib/i18n/locales";
import { parseTrustedProxies, settleForwardedHeaders } from "~/lib/proxy.server";
import type { Services } from "~/lib/services.server";
import { cspDirectives } from "./csp";
import { declaredBodyLimit } from "./body-limit";
import { MAX_UPLOAD_BYTES, UPLOAD_PATH } from "~/features/library/upload-limits";
import { createRouterHandler, requestOrigin } from "./router-handler";

export interface CreateAppOptions {
  services: Services;
  /**
   * The router build. Pass the build itself in production: given a function, React Router
   * re-derives its route tables on every request (right for development's hot reload, but
   * it costs milliseconds per request with the 44 localized copies of each route).
   */
  serverBuild: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (production); absent in development. */
  clientDir?: string;
  vite?: ViteDevServer;
}

export interface ParleyApp {
  app: express.Express;
  /**
   * Marks the instance as draining: /readyz answers 503 so load balancers stop routing to it,
   * and every open event stream is told to reconnect (elsewhere) and ended at once. Answers
   * how many streams were closed.
   */
  startDraining(): number;
}

/** How soon a browser whose event stream was closed for a shutdown reconnects. */
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The client address: the socket peer, or, behind a trusted proxy, the value that proxy
 * set. For X-Forwarded-For the last entry is the one our proxy appended, so the earlier
 * (client-controlled) entries are ignored.
 */
export function clientIpFrom(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trustedHeader: string | undefined,
): string {
  if (trustedHeader) {
    const raw = headers[trustedHeader];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const last = value
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return (socketAddress ?? "unknown").replace(/^::ffff:/, "");
}

/** Every cookie set on this response gets the Secure attribute (the browser is on https). */
function secureCookiesOn(res: Response) {
  const setHeader = res.setHeader.bind(res);
  const secure = (cookie: string) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    return setHeader(
      name,
      Array.isArray(value) ? value.map((v: string) => secure(v)) : secure(String(value)),
    );
  }) as Response["setHeader"];
}

export function createApp(options: CreateAppOptions): ParleyApp {
  const { services, vite } = options;
  const { env, log } = services;
  let draining = false;
  // Content names the operator by token; reads fill them from Admin → Site settings.
  provideSiteFacts(services.database, () => services.flags.getOperator());
  services.flags.onOperatorChange(() => pageCacheFor(services).clear());
  // Pictures uploaded in the admin panel may be larger than any form (issue 15 item 3).
  const bodyLimitFor = (path: string) =>
    path === UPLOAD_PATH ? Math.max(env.MAX_BODY_BYTES, MAX_UPLOAD_BYTES) : env.MAX_BODY_BYTES;
  const app = express();
  app.disable("x-powered-by");
  // Express's own proxy handling stays off: the forwarded headers are settled here, once.
  app.set("trust proxy", false);
  // Behind a TLS-terminating proxy the request URL must be the browser's (https, public host):
  // React Router refuses a form whose Origin differs from it. Only listed proxies are believed.
  const proxies = env.TRUSTED_PROXIES ? parseTrustedProxies(env.TRUSTED_PROXIES) : null;
  app.use((req, res, next) => {
    settleForwardedHeaders(req.headers, {
      fromTrustedProxy: proxies?.trusts(req.socket.remoteAddress) ?? false,
      // Without TRUSTED_PROXIES the client-address header keeps its old meaning (any peer).
      clientIpHeader: proxies ? env.TRUSTED_PROXY_HEADER : undefined,
      publicOrigin: env.PUBLIC_APP_ORIGIN,
    });
    if (requestOrigin(req).startsWith("https:")) secureCookiesOn(res);
    next();
  });

  app.use(
    pinoHttp({
      logger: log,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id =
          typeof incoming === "string" && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel(_req, res, error) {
        if (error || res.statusCode >= 500) return "error";
        if (res.statusCode >= 400) return "warn";
        return "info";
      },
      autoLogging: {
        ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") === true,
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });

  const https = env.appOrigin.startsWith("https:");
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives(env, {
          development: vite !== undefined,
          nonce: (_req, res) => `'nonce-${(res as Response).locals.nonce as string}'`,
        }),
      },
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "sameorigin" },
    }),
  );

  app.use(
    compression({
      filter: (req, res) => {
        // Server-sent events must reach the client as they are written.
        if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream"))
          return false;
        return compression.filter(req, res);
      },
    }),
  );

  // No id or parameter reaches a route (or the page cache, or a file lookup) with a NUL, a
  // control character or bytes that are not UTF-8 in it: PostgreSQL refuses a NUL in text,
  // and React Router cannot decode such a path segment.
  app.use((req, res, next) => {
    if (!badBytesInUrl(req.originalUrl)) {
      next();
      return;
    }
    res
      .status(400)
      .json({ error: "The address contains a character or byte sequence that is not allowed." });
  });

  // A body announced larger than the server reads is refused before a byte of it is read.
  app.use(declaredBodyLimit(bodyLimitFor));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) {
      res.status(503).json({ status: "draining" });
      return;
    }
    try {
      await services.database.ping(2000);
      res.json({ status: "ready", database: services.database.kind });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      res
        .status(503)
        .setHeader("Retry-After", String(DATABASE_RETRY_AFTER_S))
        .json({ status: "unavailable", reason: "database unreachable" });
    }
  });

  // Translations: immutable under the current hash, revalidated under any other (spec §4.6).
  app.get("/_i18n/:hash/:locale/messages.json", (req, res) => {
    const locale = normalizeLocale(req.params.locale);
    if (!locale) {
      res.status(404).json({ error: "Unknown locale" });
      return;
    }
    const entry = services.i18n.get(locale);
    res.setHeader(
      "Cache-Control",
      req.params.hash === entry.hash ? "public, max-age=31536000, immutable" : "no-cache",
    );
    res.type("application/json").send(entry.json);
  });

  // One address per page: "/pl/" and "/faq/" answer 301 to "/pl" and "/faq" (query kept), so
  // search engines and shared links never see two copies of a page (issue 21 item 8).
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path === "/") return next();
    if (!req.path.endsWith("/")) return next();
    const trimmed = req.path.replace(/\/+$/, "") || "/";
    // "//evil.example" or "/\\evil.example" must not become a redirect to another site.
    if (trimmed.startsWith("//") || trimmed.includes("\\")) return next();
    const q = req.originalUrl.indexOf("?");
    const query = q === -1 ? "" : req.originalUrl.slice(q);
    res.redirect(301, `${trimmed}${query}`);
  });

  // Public pages rendered in the last minute are sent again without reaching the router
  // (before the static files, whose directory lookups would cost more than the answer).
  const pageCache = pageCacheFor(services);
  app.use((req, res, next) => {
    if (services.flags.getMaintenance().enabled) return next();
    const key = pageCacheKey({
      method: req.method,
      url: new URL(req.originalUrl, "http://page.cache"),
      header: (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : (value ?? null);
      },
      clientIp: clientIpFrom(req.headers, req.socket.remoteAddress, env.TRUSTED_PROXY_HEADER),
    });
    const page = key ? pageCache.get(key) : null;
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.status(200).send(withNonce(page, res.locals.nonce as string));
  });

  if (vite) {
    app.use(vite.middlewares);
  } else if (options.clientDir) {
    // Content-hashed files never change under the same name: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
      }),
    );
    // The avatar pictures live in a folder named by their content (scripts/render-avatars.mjs).
    app.use(
      "/images/avatars",
      express.static(path.join(options.clientDir, "images/avatars"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
      }),
    );
    app.use(
      express.static(options.clientDir, {
        maxAge: "1h",
        index: false,
        // Pages are rendered by the router, never served as files.
        extensions: false,
      }),
    );
  }

  const router = createRouterHandler({
    build: options.serverBuild,
    mode: vite ? "development" : "production",
    maxBodyBytes: bodyLimitFor,
    databaseAvailable: () => services.database.isAvailable(),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestContext, {
        requestId: String(req.id),
        nonce: res.locals.nonce as string,
        clientIp: clientIpFrom(req.headers, req.socket.remoteAddress, env.TRUSTED_PROXY_HEADER),
        log: req.log,
      });
      return context;
    },
  });
  app.use(router.handler);

  // Errors that escape the router (for instance a missing hashed asset) end here.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof error === "object" &&
      error !== null &&
      "status" in error &&
      typeof error.status === "number"
        ? error.status
        : 500;
    if (status >= 500) req.log.error({ err: error }, "unhandled error");
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not Found" : "Internal Server Error");
  });

  return {
    app,
    startDraining() {
      draining = true;
      return router.eventStreams.closeAll(RECONNECT_AFTER_SHUTDOWN_MS);
    },
  };
}
