import { BlockList, isIP } from "node:net";

/**
 * The reverse proxies whose forwarded headers Parley believes (TRUSTED_PROXIES): addresses,
 * CIDR ranges and the names `loopback` and `private`. A request whose socket peer is one of
 * them has its X-Forwarded-Proto / X-Forwarded-Host honoured (so the request URL is the one
 * the browser used, https included); from any other peer those headers are removed.
 */
export interface TrustedProxies {
  /** The entries as configured (for logs and the start message). */
  readonly entries: readonly string[];
  trusts(address: string | undefined): boolean;
}

const NAMED: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  private: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

class TrustedProxiesError extends Error {}

function family(address: string): "ipv4" | "ipv6" | null {
  const kind = isIP(address);
  return kind === 4 ? "ipv4" : kind === 6 ? "ipv6" : null;
}

/** Parses a comma-separated TRUSTED_PROXIES value; throws naming the first bad entry. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED[entry];
    if (named) {
      for (const [network, prefix, kind] of named) list.addSubnet(network, prefix, kind);
      continue;
    }
    const [address = "", prefixText, extra] = entry.split("/");
    const kind = family(address);
    if (!kind || extra !== undefined)
      throw new TrustedProxiesError(
        `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${Object.keys(NAMED).join(", ")}`,
      );
    if (prefixText === undefined) {
      list.addAddress(address, kind);
      continue;
    }
    const prefix = Number(prefixText);
    const max = kind === "ipv4" ? 32 : 128;
    if (!/^\d{1,3}$/.test(prefixText) || prefix > max)
      throw new TrustedProxiesError(`"${entry}": the prefix length must be 0 to ${max}`);
    list.addSubnet(address, prefix, kind);
  }
  return {
    entries,
    trusts(address) {
      if (!address) return false;
      // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d.
      const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
      const kind = family(plain);
      return kind !== null && list.check(plain, kind);
    },
  };
}

const HOST_RE = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first value of a comma-separated forwarded header (the one the nearest proxy set). */
function firstValue(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(",")[0]?.trim() || undefined;
}

export interface ForwardedOptions {
  /** The socket peer is a trusted proxy. */
  fromTrustedProxy: boolean;
  /** TRUSTED_PROXY_HEADER: believed only from a trusted proxy once TRUSTED_PROXIES is set. */
  clientIpHeader?: string;
  /**
   * PUBLIC_APP_ORIGIN when configured: what a trusted proxy's request stands for when the
   * proxy does not say (a proxy that sets no X-Forwarded-Host often rewrites Host to the
   * upstream address). Parley answers on one public origin, so this is always right.
   */
  publicOrigin?: string;
}

/**
 * Settles the forwarded headers of one request in place, so the request URL built from them
 * is the one the browser used. From a trusted proxy: a well-formed X-Forwarded-Proto (http or
 * https) and X-Forwarded-Host are kept, reduced to one value; missing or malformed ones come
 * from the public origin. From anyone else every forwarded header is removed.
 */
export function settleForwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  options: ForwardedOptions,
): void {
  if (!options.fromTrustedProxy) {
    delete headers["x-forwarded-proto"];
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-port"];
    delete headers.forwarded;
    if (options.clientIpHeader) delete headers[options.clientIpHeader];
    return;
  }
  const fallback = options.publicOrigin ? new URL(options.publicOrigin) : null;
  const proto = firstValue(headers["x-forwarded-proto"])?.toLowerCase();
  if (proto === "http" || proto === "https") headers["x-forwarded-proto"] = proto;
  else if (fallback) headers["x-forwarded-proto"] = fallback.protocol.slice(0, -1);
  else delete headers["x-forwarded-proto"];
  const host = firstValue(headers["x-forwarded-host"]);
  if (host && HOST_RE.test(host)) headers["x-forwarded-host"] = host;
  else if (fallback) headers["x-forwarded-host"] = fallback.host;
  else delete headers["x-forwarded-host"];
  delete headers["x-forwarded-port"];
}
