/**
 * A cookie-keeping HTTP client that behaves like a browser for form posts (same-origin
 * Origin header, no automatic redirects, so tests can see each 302).
 */
/** Node's own user agent is treated as a bot (plain error bodies); tests act as a browser. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export class HttpSession {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    private readonly defaults: Record<string, string> = {},
    /** Another transport (e.g. https trusting a test certificate); Node's fetch by default. */
    private readonly transport: (url: string, init: RequestInit) => Promise<Response> = (
      url,
      init,
    ) => fetch(url, init),
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Every cookie the session holds (name, value). */
  cookieEntries(): IterableIterator<[string, string]> {
    return this.cookies.entries();
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  clearCookies() {
    this.cookies.clear();
  }

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ "user-agent": BROWSER_UA, ...this.defaults });
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const url = path.startsWith("http") ? path : `${this.base}${path}`;
    const response = await this.transport(url, { ...init, headers, redirect: "manual" });
    this.store(response);
    return response;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.fetch(path, { headers });
  }

  postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: this.base,
        ...headers,
      },
    });
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: this.base, ...headers },
    });
  }
}

export function locationOf(response: Response): string {
  const location = response.headers.get("location");
  if (!location) throw new Error(`Expected a redirect, got ${response.status}`);
  return location;
}
