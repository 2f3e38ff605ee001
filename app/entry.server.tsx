import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { isConnectionError } from "~/lib/db.server";
import { DEFAULT_LOCALE } from "~/lib/i18n/locales";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";
import { NonceProvider } from "~/lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = userAgent !== null && isbot(userAgent);

  // Spec §2.7: automated visitors get a plain answer, not a rendered error page.
  if (bot && responseStatusCode >= 400) {
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce } = getRequestInfo(loadContext);
  const services = getServices(loadContext);
  const rootData = routerContext.staticHandlerContext.loaderData.root as
    { locale?: string } | undefined;
  const locale = rootData?.locale ?? DEFAULT_LOCALE;
  const i18n = new I18nStore(locale, services.i18n.get(locale).messages);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions =
      bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider store={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            getRequestInfo(loadContext).log.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}

/**
 * Unhandled loader, action and render errors are logged with the request id. A lost database
 * connection is reported to the database handle instead (the request is answered 503, and so
 * are the next ones until the database answers again).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as RouterContextProvider;
  const log = getRequestInfo(loadContext).log;
  if (isConnectionError(error)) {
    getServices(loadContext).database.reportError(error);
    log.warn({ url: request.url }, "database unreachable");
    return;
  }
  log.error({ err: error, url: request.url }, "unhandled error");
};
