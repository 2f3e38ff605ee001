import { data } from "react-router";

/**
 * The one 404 of pages (spec §2.7 and §5: "Page Not Found: {path}", titled "Page not found"
 * by the root error boundary): an unknown address, or a record that does not exist or is not
 * the viewer's (someone else's lesson is "not found", never "forbidden"). Takes the request
 * or a path. Single-fetch data requests (`/x.data`) name the page's own path.
 */
export function notFound(requestOrPath: Request | string): never {
  const path =
    typeof requestOrPath === "string" ? requestOrPath : new URL(requestOrPath.url).pathname;
  throw data(`Page Not Found: ${path.replace(/\.data$/, "")}`, { status: 404 });
}

/** The value, or the page's 404 when there is none (a loader's "find it or not found"). */
export function foundOr404<T>(value: T | null | undefined, request: Request): T {
  if (value === null || value === undefined) notFound(request);
  return value;
}
