/**
 * A local stand-in for the parts of the Stripe API that Parley uses, so tests and local
 * development never reach the real Stripe. The official SDK is pointed at it with
 * `new Stripe(key, { host: "127.0.0.1", port, protocol: "http" })`.
 *
 * It answers only the /v1 calls Parley makes (create customers, products, prices, checkout
 * sessions, billing portal sessions, coupons and promotion codes; list products, prices,
 * promotion codes and invoices; retrieve checkout sessions and subscriptions) and 404s any
 * other, serves plain hosted pages for checkout, the customer portal and invoices, and sends
 * signed webhooks the app verifies with `stripe.webhooks.constructEvent`. State lives in memory.
 * Its answers and webhooks are held to Stripe's published shapes by stripe-contract.test.ts;
 * docs/decisions/008-stripe-stand-in.md says why a stand-in and not stripe-mock.
 *
 * As a module: `new StripeStandIn({ webhookUrl, webhookSecret })`, then `start()`.
 * As a command: `npm run stripe:standin` (see `main()` at the bottom for the variables).
 */
import { randomBytes } from "node:crypto";
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";

export const STANDIN_API_VERSION = "2026-10-28.endive";

// ---------------------------------------------------------------------------------------
// Object shapes (the subset of Stripe's fields the stand-in fills in)
// ---------------------------------------------------------------------------------------

export type Metadata = Record<string, string>;

export interface ListObject<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

export interface CustomerObject {
  id: string;
  object: "customer";
  livemode: false;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  preferred_locales: string[];
  invoice_prefix: string;
  balance: number;
  currency: string | null;
  delinquent: boolean;
  metadata: Metadata;
}

export interface ProductObject {
  id: string;
  object: "product";
  livemode: false;
  active: boolean;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  default_price: string | null;
  type: "service";
  metadata: Metadata;
}

export type Interval = "day" | "week" | "month" | "year";

export interface PriceObject {
  id: string;
  object: "price";
  livemode: false;
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  lookup_key: string | null;
  nickname: string | null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    usage_type: "licensed";
    meter: null;
    trial_period_days: null;
  } | null;
  tax_behavior: "unspecified";
  type: "recurring" | "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
  metadata: Metadata;
}

export interface SessionDiscount {
  coupon: string | null;
  promotion_code: string | null;
}

export interface CheckoutSessionObject {
  id: string;
  object: "checkout.session";
  livemode: false;
  created: number;
  expires_at: number;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: "subscription";
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  subscription: string | null;
  invoice: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  locale: string | null;
  discounts: SessionDiscount[];
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  payment_method_types: string[];
  metadata: Metadata;
}

export interface SubscriptionItemObject {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_start: number;
  current_period_end: number;
  price: PriceObject;
  quantity: number;
  subscription: string;
  discounts: string[];
  tax_rates: never[];
  metadata: Metadata;
}

export type SubscriptionStatus =
  | "incomplete"
  | "incomplete_expired"
  | "trialing"
  | "active"
  | "past_due"
  | "canceled"
  | "unpaid"
  | "paused";

export interface SubscriptionObject {
  id: string;
  object: "subscription";
  livemode: false;
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: "charge_automatically";
  currency: string;
  latest_invoice: string | null;
  discounts: string[];
  items: ListObject<SubscriptionItemObject>;
  trial_start: number | null;
  trial_end: number | null;
  pause_collection: null;
  schedule: null;
  default_payment_method: null;
  description: string | null;
  metadata: Metadata;
}

export interface InvoiceLineObject {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  pricing: {
    type: "price_details";
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  metadata: Metadata;
}

export interface InvoiceObject {
  id: string;
  object: "invoice";
  livemode: false;
  number: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  /** Not in current API versions (see `parent`), kept because older code reads it. */
  subscription: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  total_discount_amounts: { amount: number; discount: string }[];
  discounts: string[];
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    marked_uncollectible_at: number | null;
    voided_at: number | null;
  };
  hosted_invoice_url: string;
  invoice_pdf: string;
  lines: ListObject<InvoiceLineObject>;
  metadata: Metadata;
}

export interface CouponObject {
  id: string;
  object: "coupon";
  livemode: false;
  created: number;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: "once" | "repeating" | "forever";
  duration_in_months: number | null;
  max_redemptions: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
  metadata: Metadata;
}

export interface PromotionCodeObject {
  id: string;
  object: "promotion_code";
  livemode: false;
  created: number;
  active: boolean;
  code: string;
  customer: string | null;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  promotion: { type: "coupon"; coupon: string };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  metadata: Metadata;
}

export interface PortalSessionObject {
  id: string;
  object: "billing_portal.session";
  livemode: false;
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  locale: string | null;
  configuration: string;
  flow: null;
  on_behalf_of: null;
}

export interface StripeEventJson {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

export interface Delivery {
  event: StripeEventJson;
  /** The HTTP status the webhook endpoint answered, or 0 when nothing answered. */
  status: number;
}

export interface StripeStandInOptions {
  /**
   * Milliseconds since the epoch as Stripe should see them (expiry of checkout sessions and
   * promotion codes…). Tests whose app runs on a test clock pass the same clock here, so the
   * two agree whatever day the machine says it is.
   */
  now?: () => number;
  /** Where webhooks are POSTed; null or absent sends none (each is recorded with status 0). */
  webhookUrl?: string | null;
  webhookSecret: string;
  /** Base URL browsers use for the hosted pages, when not the stand-in's own `url`. */
  publicUrl?: string;
  /** Receives one line per webhook delivery and per internal error. Silent by default. */
  log?: (line: string) => void;
  /** A webhook delivery that takes longer than this counts as failed (status 0). */
  webhookTimeoutMs?: number;
}

// ---------------------------------------------------------------------------------------
// Form parsing (Stripe's bracket notation) and parameter reading
// ---------------------------------------------------------------------------------------

export type ParamValue = string | ParamObject | ParamValue[];
export interface ParamObject {
  [key: string]: ParamValue;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Parses `application/x-www-form-urlencoded` text in the bracket notation the SDK writes
 * (`line_items[0][price]=…`, `metadata[userId]=…`, `expand[]=…`) into nested objects and
 * arrays. Values stay strings; an object whose keys are all indices becomes an array.
 */
export function parseStripeForm(text: string): ParamObject {
  const root: ParamObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    if (path.length === 0 || path.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    let container: ParamObject = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i] ?? "";
      if (segment === "") segment = String(Object.keys(container).length);
      if (i === path.length - 1) {
        container[segment] = value;
      } else {
        const next = container[segment];
        if (next !== undefined && typeof next === "object" && !Array.isArray(next)) {
          container = next;
        } else {
          const created: ParamObject = {};
          container[segment] = created;
          container = created;
        }
      }
    }
  }
  return normaliseArrays(root) as ParamObject;
}

function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open === -1) return key === "" ? [] : [key];
  const segments = [key.slice(0, open)];
  const pattern = /\[([^\]]*)\]/g;
  pattern.lastIndex = open;
  for (let match = pattern.exec(key); match; match = pattern.exec(key)) {
    segments.push(match[1] ?? "");
  }
  return segments;
}

function normaliseArrays(value: ParamValue): ParamValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(normaliseArrays);
  const keys = Object.keys(value);
  for (const key of keys) value[key] = normaliseArrays(value[key] ?? "");
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => value[String(index)] ?? "");
  }
  return value;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: "invalid_request_error", message: this.message };
    if (this.param !== undefined) error.param = this.param;
    if (this.code !== undefined) error.code = this.code;
    return { error };
  }
}

const missing = (param: string) =>
  new ApiError(400, `Missing required param: ${param}.`, param, "parameter_missing");
const invalid = (message: string, param?: string) =>
  new ApiError(400, message, param, "parameter_invalid");
/** A referenced object that does not exist: 404 for the path's own id, 400 for a param. */
const noSuch = (kind: string, id: string, param?: string) =>
  new ApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, param, "resource_missing");

function optString(p: ParamObject, key: string, param = key): string | undefined {
  const value = p[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${param} must be a string`, param);
  return value;
}

function reqString(p: ParamObject, key: string, param = key): string {
  const value = optString(p, key, param);
  if (value === undefined || value === "") throw missing(param);
  return value;
}

/** A string where "" means null, as the SDK sends null values. */
function optNullableString(p: ParamObject, key: string, param = key): string | null | undefined {
  const value = optString(p, key, param);
  return value === "" ? null : value;
}

function optInt(p: ParamObject, key: string, param = key): number | undefined {
  const value = optString(p, key, param);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param);
  return Number(value);
}

function optNumber(p: ParamObject, key: string, param = key): number | undefined {
  const value = optString(p, key, param);
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) throw invalid(`Invalid decimal: ${value}`, param);
  return number;
}

function optBool(p: ParamObject, key: string, param = key): boolean | undefined {
  const value = optString(p, key, param);
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalid(`Invalid boolean: ${value}`, param);
}

function optObject(p: ParamObject, key: string, param = key): ParamObject | undefined {
  const value = p[key];
  if (value === undefined) return undefined;
  if (value === "") return {};
  if (typeof value === "string") throw invalid(`Invalid object: ${param}`, param);
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  return value;
}

function optArray(p: ParamObject, key: string, param = key): ParamValue[] | undefined {
  const value = p[key];
  if (value === undefined) return undefined;
  if (value === "") return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value;
  throw invalid(`Invalid array: ${param}`, param);
}

function optStringArray(p: ParamObject, key: string, param = key): string[] | undefined {
  const values = optArray(p, key, param);
  if (values === undefined) return undefined;
  return values.map((value, i) => {
    if (typeof value !== "string") throw invalid(`Invalid string: ${param}[${i}]`, param);
    return value;
  });
}

function optEnum<T extends string>(
  p: ParamObject,
  key: string,
  allowed: readonly T[],
  param = key,
): T | undefined {
  const value = optString(p, key, param);
  if (value === undefined || value === "") return undefined;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    throw invalid(`Invalid ${param}: must be one of ${allowed.join(", ")}`, param);
  }
  return found;
}

/** Reads `metadata` the way Stripe applies it: "" clears all, a key set to "" is removed. */
function readMetadata(p: ParamObject, current: Metadata = {}, key = "metadata"): Metadata {
  const update = optObject(p, key);
  if (update === undefined) return current;
  if (Object.keys(update).length === 0) return {};
  const result: Metadata = { ...current };
  for (const [name, value] of Object.entries(update)) {
    if (typeof value !== "string") throw invalid(`Invalid metadata value for ${name}`, key);
    if (value === "") delete result[name];
    else result[name] = value;
  }
  return result;
}

function checkUrl(value: string, param: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalid(`Not a valid URL`, param);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw invalid(`Not a valid URL`, param);
  }
  return value;
}

// ---------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A Stripe-like id: the prefix and 24 random alphanumerics. */
export function newId(prefix: string, length = 24): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
  return id;
}

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

export function periodEnd(start: number, interval: Interval, count = 1): number {
  switch (interval) {
    case "day":
      return start + 86_400 * count;
    case "week":
      return start + 7 * 86_400 * count;
    case "month":
      return addMonths(start, count);
    case "year":
      return addMonths(start, 12 * count);
  }
}

function currencyFormat(currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() });
}

/** Formats minor units: 13700 EUR → "€137.00". */
export function formatMoney(amount: number, currency: string): string {
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

function intervalLabel(recurring: PriceObject["recurring"]): string {
  if (!recurring) return "";
  const { interval, interval_count: count } = recurring;
  return count === 1 ? ` / ${interval}` : ` / ${count} ${interval}s`;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
const formatDate = (seconds: number) => dateFormat.format(new Date(seconds * 1000));

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** decodeURIComponent that leaves malformed escapes as they are instead of throwing. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy, so events and responses never share state with the stand-in. */
function snapshot(object: object): Record<string, unknown> {
  const copy: unknown = structuredClone(object);
  if (!isRecord(copy)) throw new Error("Only plain objects can be snapshotted");
  return copy;
}

/** Top-level keys whose values differ, with their old values (Stripe's previous_attributes). */
function changedAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
  }
  return previous;
}

class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError("Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Request-Id": newId("req_", 14),
    "Stripe-Version": STANDIN_API_VERSION,
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, "Content-Length": 0 });
  res.end();
}

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1a1a; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff;
         border: 1px solid #d0d7de; border-radius: 0.5rem; }
  .note { background: #fff8c5; padding: 0.5rem 0.75rem; border-radius: 0.25rem; }
  .error { background: #ffebe9; padding: 0.5rem 0.75rem; border-radius: 0.25rem; }
  ul.items { list-style: none; padding: 0; }
  ul.items > li { border-top: 1px solid #d0d7de; padding: 0.75rem 0; }
  button { font: inherit; padding: 0.5rem 1.25rem; border: 0; border-radius: 0.25rem;
           background: #4f3fd0; color: #fff; cursor: pointer; }
  button.secondary { background: #57606a; }
  label { display: block; margin: 0.75rem 0 0.25rem; }
  input { font: inherit; padding: 0.4rem; width: 100%; max-width: 20rem; box-sizing: border-box; }
  a { color: #3b2fb0; }
  :focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.4rem; border-bottom: 1px solid #d0d7de; }
`;

function htmlPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="note">Stripe stand-in for local development: no real payment is taken.</p>
${content}
</main>
</body>
</html>
`;
}

// Only `.webhooks` of this instance is used (to sign payloads); it never makes a request.
const signer = new Stripe("sk_test_standin");

// ---------------------------------------------------------------------------------------
// The stand-in
// ---------------------------------------------------------------------------------------

interface SessionLine {
  id: string;
  price: string;
  quantity: number;
}

interface SessionExtras {
  lines: SessionLine[];
  subscriptionMetadata: Metadata;
  allowPromotionCodes: boolean;
}

type Handler = (params: ParamObject, id: string) => unknown;

interface Applied {
  coupon: CouponObject;
  promotionCode: PromotionCodeObject | null;
}

export class StripeStandIn {
  readonly customers = new Map<string, CustomerObject>();
  readonly products = new Map<string, ProductObject>();
  readonly prices = new Map<string, PriceObject>();
  readonly checkoutSessions = new Map<string, CheckoutSessionObject>();
  readonly subscriptions = new Map<string, SubscriptionObject>();
  readonly invoices = new Map<string, InvoiceObject>();
  readonly coupons = new Map<string, CouponObject>();
  readonly promotionCodes = new Map<string, PromotionCodeObject>();
  readonly portalSessions = new Map<string, PortalSessionObject>();
  /** Every webhook delivery attempt, in order, with the status it got (0: none). */
  readonly delivered: Delivery[] = [];

  url = "";
  port = 0;

  private webhookUrl: string | null;
  private readonly webhookSecret: string;
  private readonly publicUrl: string | undefined;
  private readonly log: (line: string) => void;
  private readonly webhookTimeoutMs: number;
  private readonly sessionExtras = new Map<string, SessionExtras>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private invoiceCounter = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private server: Server | null = null;
  private readonly routes: [string, RegExp, Handler][];

  /** Stripe's "now", in seconds: the machine's, or the test's clock when it passes one. */
  private readonly nowSeconds: () => number;

  constructor(options: StripeStandInOptions) {
    const now = options.now ?? (() => Date.now());
    this.nowSeconds = () => Math.floor(now() / 1000);
    this.webhookUrl = options.webhookUrl ?? null;
    this.webhookSecret = options.webhookSecret;
    this.publicUrl = options.publicUrl?.replace(/\/+$/, "");
    this.log = options.log ?? (() => undefined);
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
    const id = "([^/]+)";
    this.routes = [
      ["POST", /^\/v1\/customers$/, (p) => this.createCustomer(p)],
      ["POST", /^\/v1\/products$/, (p) => this.createProduct(p)],
      ["GET", /^\/v1\/products$/, (p) => this.listProducts(p)],
      ["POST", /^\/v1\/prices$/, (p) => this.createPrice(p)],
      ["GET", /^\/v1\/prices$/, (p) => this.listPrices(p)],
      ["POST", /^\/v1\/checkout\/sessions$/, (p) => this.createCheckoutSession(p)],
      [
        "GET",
        new RegExp(`^/v1/checkout/sessions/${id}$`),
        (p, i) => this.retrieveCheckoutSession(i, p),
      ],
      ["GET", new RegExp(`^/v1/subscriptions/${id}$`), (_, i) => this.need("subscription", i)],
      ["POST", /^\/v1\/billing_portal\/sessions$/, (p) => this.createPortalSession(p)],
      ["GET", /^\/v1\/invoices$/, (p) => this.listInvoices(p)],
      ["POST", /^\/v1\/coupons$/, (p) => this.createCoupon(p)],
      ["POST", /^\/v1\/promotion_codes$/, (p) => this.createPromotionCode(p)],
      ["GET", /^\/v1\/promotion_codes$/, (p) => this.listPromotionCodes(p)],
    ];
  }

  // ----- lifecycle ------------------------------------------------------------------------

  async start(port = 0): Promise<void> {
    if (this.server) throw new Error("The Stripe stand-in is already running");
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  /** Waits for queued webhooks, then closes the server and every open connection. */
  async stop(): Promise<void> {
    await this.flush();
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  setWebhookUrl(url: string | null): void {
    this.webhookUrl = url;
  }

  /** Resolves once every queued webhook (from API calls) has been delivered. */
  async flush(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  /** Forgets every object and delivery (the server keeps running). */
  reset(): void {
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.checkoutSessions,
      this.subscriptions,
      this.invoices,
      this.coupons,
      this.promotionCodes,
      this.portalSessions,
      this.sessionExtras,
      this.idempotent,
    ]) {
      map.clear();
    }
    this.delivered.length = 0;
    this.invoiceCounter = 0;
  }

  private get base(): string {
    return this.publicUrl ?? this.url;
  }

  // ----- webhooks ---------------------------------------------------------------------------

  makeEvent(
    type: string,
    object: object,
    previousAttributes?: Record<string, unknown>,
  ): StripeEventJson {
    const data: StripeEventJson["data"] = { object: snapshot(object) };
    if (previousAttributes) data.previous_attributes = snapshot(previousAttributes);
    return {
      id: newId("evt_"),
      object: "event",
      api_version: STANDIN_API_VERSION,
      created: this.nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data,
    };
  }

  /** POSTs the event, signed, to the webhook URL; never throws. Returns the HTTP status. */
  async deliver(event: StripeEventJson): Promise<number> {
    const target = this.webhookUrl;
    let status = 0;
    if (target) {
      const payload = JSON.stringify(event, null, 2);
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: this.webhookSecret,
      });
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Stripe-Signature": signature,
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          redirect: "manual",
          signal: AbortSignal.timeout(this.webhookTimeoutMs),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        this.log(`webhook ${event.type} to ${target} failed: ${String(error)}`);
      }
    }
    this.delivered.push({ event, status });
    this.log(`webhook ${event.type} ${event.id} → ${status === 0 ? "not delivered" : status}`);
    return status;
  }

  /** Delivers after every earlier queued event, so webhooks keep their order. */
  private enqueue(event: StripeEventJson): Promise<number> {
    const result = this.queue.then(() => this.deliver(event));
    this.queue = result.catch(() => 0);
    return result;
  }

  // ----- test controls ---------------------------------------------------------------------

  /** Does what pressing Pay on the hosted checkout page does; resolves after the webhooks. */
  async completeCheckout(sessionId: string): Promise<{ subscriptionId: string }> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
    return this.finishCheckout(session, {});
  }

  async setSubscriptionStatus(
    subscriptionId: string,
    status: SubscriptionStatus,
    opts: { cancelAtPeriodEnd?: boolean; send?: boolean } = {},
  ): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: '${subscriptionId}'`);
    const before = snapshot(subscription);
    subscription.status = status;
    if (opts.cancelAtPeriodEnd !== undefined)
      this.setCancelAtPeriodEnd(subscription, opts.cancelAtPeriodEnd);
    if (status === "canceled" && subscription.ended_at === null) {
      const now = this.nowSeconds();
      subscription.canceled_at ??= now;
      subscription.ended_at = now;
    }
    if (opts.send === false) return;
    const event =
      status === "canceled" && before.status !== "canceled"
        ? this.makeEvent("customer.subscription.deleted", subscription)
        : this.makeEvent(
            "customer.subscription.updated",
            subscription,
            changedAttributes(before, snapshot(subscription)),
          );
    await this.enqueue(event);
  }

  // ----- HTTP --------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const method = (req.method ?? "GET").toUpperCase();
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      if (url.pathname.startsWith("/v1/")) await this.handleApi(req, res, method, url, body);
      else await this.handlePage(res, method, url, body);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        if (!res.headersSent) sendJson(res, 413, new ApiError(413, error.message).body());
        return;
      }
      this.log(
        `stand-in error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) {
        sendJson(res, 500, {
          error: { type: "api_error", message: `The Stripe stand-in failed: ${String(error)}` },
        });
      } else {
        res.end();
      }
    }
  }

  private async handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
    body: string,
  ): Promise<void> {
    const authorization = req.headers.authorization;
    if (!authorization) {
      sendJson(
        res,
        401,
        new ApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ).body(),
      );
      return;
    }
    const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? "";
    if (!key.startsWith("sk_")) {
      const shown = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(key.length - 8)}` : key;
      sendJson(res, 401, new ApiError(401, `Invalid API Key provided: ${shown}`).body());
      return;
    }

    const idempotencyHeader = req.headers["idempotency-key"];
    const idempotencyKey =
      method === "POST" && typeof idempotencyHeader === "string"
        ? `${key} ${url.pathname} ${idempotencyHeader}`
        : null;
    const replay = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      sendJson(res, replay.status, replay.body);
      return;
    }

    let status = 200;
    let result: unknown;
    try {
      const params = { ...parseStripeForm(url.search.slice(1)), ...parseStripeForm(body) };
      result = this.expand(await this.route(method, url.pathname, params), params);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      result = error.body();
    }
    if (idempotencyKey) this.idempotent.set(idempotencyKey, { status, body: result });
    sendJson(res, status, result);
  }

  private async route(method: string, path: string, params: ParamObject): Promise<unknown> {
    for (const [routeMethod, pattern, handler] of this.routes) {
      if (routeMethod !== method) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const result: unknown = await handler(params, safeDecode(match[1] ?? ""));
      return result;
    }
    throw new ApiError(
      404,
      `Unrecognized request URL (${method}: ${path}). The Stripe stand-in does not implement this path.`,
    );
  }

  private lookup(id: string): object | undefined {
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.checkoutSessions,
      this.subscriptions,
      this.invoices,
      this.coupons,
      this.promotionCodes,
    ]) {
      const found: object | undefined = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /** Applies `expand[]` (e.g. "subscription", "data.product") to a copy of the response. */
  private expand(result: unknown, params: ParamObject): unknown {
    if (!isRecord(result)) return result;
    const paths = optStringArray(params, "expand") ?? [];
    const copy = snapshot(result);
    for (const path of paths) this.expandPath(copy, path.split("."));
    return copy;
  }

  private expandPath(target: unknown, path: string[]): void {
    if (Array.isArray(target)) {
      for (const item of target) this.expandPath(item, path);
      return;
    }
    const [head, ...rest] = path;
    if (!isRecord(target) || head === undefined) return;
    let value = target[head];
    if (typeof value === "string") {
      const found = this.lookup(value);
      if (found) {
        value = snapshot(found);
        target[head] = value;
      }
    }
    if (rest.length > 0) this.expandPath(value, rest);
  }

  private list<T extends { id: string }>(
    items: Iterable<T>,
    params: ParamObject,
    url: string,
  ): ListObject<T> {
    const newestFirst = [...items].reverse();
    const limit = optInt(params, "limit") ?? 10;
    if (limit < 1 || limit > 100)
      throw invalid("Invalid limit: must be between 1 and 100", "limit");
    let start = 0;
    let end = newestFirst.length;
    const after = optString(params, "starting_after");
    const before = optString(params, "ending_before");
    if (after) start = newestFirst.findIndex((item) => item.id === after) + 1;
    if (before) {
      end = Math.max(
        0,
        newestFirst.findIndex((item) => item.id === before),
      );
      start = Math.max(0, end - limit);
    }
    const data = newestFirst.slice(start, Math.min(end, start + limit));
    const hasMore = before ? start > 0 : start + data.length < end;
    return { object: "list", data, has_more: hasMore, url };
  }

  private need(kind: "customer", id: string, param?: string): CustomerObject;
  private need(kind: "product", id: string, param?: string): ProductObject;
  private need(kind: "price", id: string, param?: string): PriceObject;
  private need(kind: "checkout.session", id: string, param?: string): CheckoutSessionObject;
  private need(kind: "subscription", id: string, param?: string): SubscriptionObject;
  private need(kind: "invoice", id: string, param?: string): InvoiceObject;
  private need(kind: "coupon", id: string, param?: string): CouponObject;
  private need(kind: "promotion code", id: string, param?: string): PromotionCodeObject;
  private need(kind: string, id: string, param?: string): object {
    const maps: Record<string, Map<string, object>> = {
      customer: this.customers,
      product: this.products,
      price: this.prices,
      "checkout.session": this.checkoutSessions,
      subscription: this.subscriptions,
      invoice: this.invoices,
      coupon: this.coupons,
      "promotion code": this.promotionCodes,
    };
    const found = maps[kind]?.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  // ----- customers ---------------------------------------------------------------------------

  private createCustomer(p: ParamObject): CustomerObject {
    const customer: CustomerObject = {
      id: newId("cus_"),
      object: "customer",
      livemode: false,
      created: this.nowSeconds(),
      email: optNullableString(p, "email") ?? null,
      name: optNullableString(p, "name") ?? null,
      description: optNullableString(p, "description") ?? null,
      preferred_locales: optStringArray(p, "preferred_locales") ?? [],
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      balance: 0,
      currency: null,
      delinquent: false,
      metadata: readMetadata(p),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  // ----- products and prices -----------------------------------------------------------------

  private createProduct(p: ParamObject): ProductObject {
    const id = optString(p, "id") || newId("prod_");
    if (this.products.has(id)) throw invalid(`Product already exists.`, "id");
    const now = this.nowSeconds();
    const product: ProductObject = {
      id,
      object: "product",
      livemode: false,
      active: optBool(p, "active") ?? true,
      created: now,
      updated: now,
      name: reqString(p, "name"),
      description: optNullableString(p, "description") ?? null,
      default_price: null,
      type: "service",
      metadata: readMetadata(p),
    };
    this.products.set(product.id, product);
    return product;
  }

  private listProducts(p: ParamObject): ListObject<ProductObject> {
    const active = optBool(p, "active");
    const ids = optStringArray(p, "ids");
    const all = [...this.products.values()].filter(
      (product) =>
        (active === undefined || product.active === active) &&
        (ids === undefined || ids.includes(product.id)),
    );
    return this.list(all, p, "/v1/products");
  }

  private createPrice(p: ParamObject): PriceObject {
    const currency = reqString(p, "currency").toLowerCase();
    try {
      currencyFormat(currency);
    } catch {
      throw invalid(`Invalid currency: ${currency}`, "currency");
    }
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, "currency");
    const unitAmount = optInt(p, "unit_amount");
    if (unitAmount === undefined) throw missing("unit_amount");
    if (unitAmount < 0) throw invalid("Invalid unit_amount: must be at least 0", "unit_amount");

    let productId = optString(p, "product");
    const productData = optObject(p, "product_data");
    if (productId && productData) {
      throw invalid(
        "You may only specify one of these parameters: product, product_data.",
        "product",
      );
    }
    if (productId) {
      this.need("product", productId, "product");
    } else if (productData) {
      productId = this.createProduct({
        ...productData,
        name: reqString(productData, "name", "product_data[name]"),
      }).id;
    } else {
      throw missing("product");
    }

    const recurringParams = optObject(p, "recurring");
    let recurring: PriceObject["recurring"] = null;
    if (recurringParams) {
      const interval = optEnum(
        recurringParams,
        "interval",
        ["day", "week", "month", "year"] as const,
        "recurring[interval]",
      );
      if (!interval) throw missing("recurring[interval]");
      const count = optInt(recurringParams, "interval_count", "recurring[interval_count]") ?? 1;
      if (count < 1) throw invalid("Invalid interval_count", "recurring[interval_count]");
      recurring = {
        interval,
        interval_count: count,
        usage_type: "licensed",
        meter: null,
        trial_period_days: null,
      };
    }

    const lookupKey = optNullableString(p, "lookup_key") ?? null;
    const price: PriceObject = {
      id: newId("price_"),
      object: "price",
      livemode: false,
      active: optBool(p, "active") ?? true,
      billing_scheme: "per_unit",
      created: this.nowSeconds(),
      currency,
      lookup_key: null,
      nickname: optNullableString(p, "nickname") ?? null,
      product: productId,
      recurring,
      tax_behavior: "unspecified",
      type: recurring ? "recurring" : "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      metadata: readMetadata(p),
    };
    if (lookupKey)
      this.claimLookupKey(price, lookupKey, optBool(p, "transfer_lookup_key") ?? false);
    this.prices.set(price.id, price);
    return price;
  }

  private claimLookupKey(price: PriceObject, lookupKey: string, transfer: boolean): void {
    const holder = [...this.prices.values()].find(
      (other) => other.lookup_key === lookupKey && other.id !== price.id,
    );
    if (holder) {
      if (!transfer) {
        throw invalid(
          `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it.`,
          "lookup_key",
        );
      }
      holder.lookup_key = null;
    }
    price.lookup_key = lookupKey;
  }

  private listPrices(p: ParamObject): ListObject<PriceObject> {
    const lookupKeys = optStringArray(p, "lookup_keys");
    const active = optBool(p, "active");
    const currency = optString(p, "currency")?.toLowerCase();
    const product = optString(p, "product");
    const type = optEnum(p, "type", ["recurring", "one_time"] as const);
    const all = [...this.prices.values()].filter(
      (price) =>
        (lookupKeys === undefined ||
          (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (currency === undefined || price.currency === currency) &&
        (product === undefined || price.product === product) &&
        (type === undefined || price.type === type),
    );
    return this.list(all, p, "/v1/prices");
  }

  // ----- coupons and promotion codes ---------------------------------------------------------

  private createCoupon(p: ParamObject): CouponObject {
    const id = optString(p, "id") || newId("co_");
    if (this.coupons.has(id)) throw invalid("Coupon already exists.", "id");
    const percentOff = optNumber(p, "percent_off") ?? null;
    const amountOff = optInt(p, "amount_off") ?? null;
    if ((percentOff === null) === (amountOff === null)) {
      throw invalid("You must pass exactly one of percent_off or amount_off.", "percent_off");
    }
    if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) {
      throw invalid("Invalid percent_off: must be greater than 0 and at most 100", "percent_off");
    }
    const currency = optString(p, "currency")?.toLowerCase() ?? null;
    if (amountOff !== null && !currency) throw missing("currency");
    const duration = optEnum(p, "duration", ["once", "repeating", "forever"] as const) ?? "once";
    const months = optInt(p, "duration_in_months") ?? null;
    if (duration === "repeating" && months === null) throw missing("duration_in_months");
    const coupon: CouponObject = {
      id,
      object: "coupon",
      livemode: false,
      created: this.nowSeconds(),
      name: optNullableString(p, "name") ?? null,
      percent_off: percentOff,
      amount_off: amountOff,
      currency: amountOff === null ? null : currency,
      duration,
      duration_in_months: duration === "repeating" ? months : null,
      max_redemptions: optInt(p, "max_redemptions") ?? null,
      redeem_by: optInt(p, "redeem_by") ?? null,
      times_redeemed: 0,
      valid: true,
      metadata: readMetadata(p),
    };
    this.coupons.set(coupon.id, coupon);
    return coupon;
  }

  private createPromotionCode(p: ParamObject): PromotionCodeObject {
    // Current API versions nest the coupon as promotion[coupon]; `coupon` is the older form.
    const promotion = optObject(p, "promotion");
    const couponId = promotion
      ? reqString(promotion, "coupon", "promotion[coupon]")
      : reqString(p, "coupon", "promotion[coupon]");
    this.need("coupon", couponId, promotion ? "promotion[coupon]" : "coupon");
    const code = optString(p, "code") || randomBytes(5).toString("hex").toUpperCase();
    if (!/^[a-zA-Z0-9_-]{3,500}$/.test(code)) throw invalid(`Invalid code: ${code}`, "code");
    const clash = [...this.promotionCodes.values()].find(
      (other) => other.active && other.code.toLowerCase() === code.toLowerCase(),
    );
    if (clash) throw invalid("An active promotion code with this code already exists.", "code");
    const customer = optString(p, "customer") ?? null;
    if (customer) this.need("customer", customer, "customer");
    const restrictions = optObject(p, "restrictions") ?? {};
    const promotionCode: PromotionCodeObject = {
      id: newId("promo_"),
      object: "promotion_code",
      livemode: false,
      created: this.nowSeconds(),
      active: optBool(p, "active") ?? true,
      code,
      customer,
      expires_at: optInt(p, "expires_at") ?? null,
      max_redemptions: optInt(p, "max_redemptions") ?? null,
      times_redeemed: 0,
      promotion: { type: "coupon", coupon: couponId },
      restrictions: {
        first_time_transaction:
          optBool(restrictions, "first_time_transaction", "restrictions[first_time_transaction]") ??
          false,
        minimum_amount:
          optInt(restrictions, "minimum_amount", "restrictions[minimum_amount]") ?? null,
        minimum_amount_currency:
          optString(restrictions, "minimum_amount_currency")?.toLowerCase() ?? null,
      },
      metadata: readMetadata(p),
    };
    this.promotionCodes.set(promotionCode.id, promotionCode);
    return promotionCode;
  }

  private listPromotionCodes(p: ParamObject): ListObject<PromotionCodeObject> {
    const code = optString(p, "code")?.toLowerCase();
    const active = optBool(p, "active");
    const coupon = optString(p, "coupon");
    const customer = optString(p, "customer");
    const all = [...this.promotionCodes.values()].filter(
      (promo) =>
        (code === undefined || promo.code.toLowerCase() === code) &&
        (active === undefined || promo.active === active) &&
        (coupon === undefined || promo.promotion.coupon === coupon) &&
        (customer === undefined || promo.customer === customer),
    );
    return this.list(all, p, "/v1/promotion_codes");
  }

  /** Why a promotion code cannot be used now, or null when it can. */
  private promotionProblem(promo: PromotionCodeObject, subtotal: number, currency: string) {
    const coupon = this.coupons.get(promo.promotion.coupon);
    if (!promo.active || !coupon?.valid) return "This promotion code is not active.";
    const now = this.nowSeconds();
    if (promo.expires_at !== null && promo.expires_at <= now) {
      return "This promotion code has expired.";
    }
    if (coupon.redeem_by !== null && coupon.redeem_by <= now) {
      return "This promotion code has expired.";
    }
    if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
      return "This promotion code has been used up.";
    }
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
      return "This promotion code has been used up.";
    }
    const { minimum_amount: minimum, minimum_amount_currency: minimumCurrency } =
      promo.restrictions;
    if (minimum !== null && (minimumCurrency ?? currency) === currency && subtotal < minimum) {
      return "The order total is below this promotion code's minimum.";
    }
    if (coupon.amount_off !== null && coupon.currency !== currency) {
      return "This promotion code does not apply to this currency.";
    }
    return null;
  }

  private discountAmount(coupon: CouponObject | undefined, subtotal: number): number {
    if (!coupon) return 0;
    if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
    return Math.min(coupon.amount_off ?? 0, subtotal);
  }

  // ----- checkout ------------------------------------------------------------------------------

  private createCheckoutSession(p: ParamObject): CheckoutSessionObject {
    const mode = optString(p, "mode");
    if (!mode) throw missing("mode");
    if (mode !== "subscription") {
      throw invalid(`The Stripe stand-in only supports mode=subscription (got '${mode}').`, "mode");
    }
    const successUrl = checkUrl(reqString(p, "success_url"), "success_url");
    const cancelUrl = checkUrl(reqString(p, "cancel_url"), "cancel_url");

    const customerId = optString(p, "customer") || null;
    const customerEmail = optString(p, "customer_email") || null;
    if (customerId && customerEmail) {
      throw invalid(
        "You may only specify one of these parameters: customer, customer_email.",
        "customer_email",
      );
    }
    if (customerId) this.need("customer", customerId, "customer");

    const lineParams = optArray(p, "line_items");
    if (!lineParams || lineParams.length === 0) throw missing("line_items");
    const lines: SessionLine[] = [];
    let currency: string | null = null;
    let interval: string | null = null;
    let subtotal = 0;
    for (const [index, item] of lineParams.entries()) {
      const param = `line_items[${index}]`;
      if (typeof item === "string" || Array.isArray(item)) throw invalid(`Invalid ${param}`, param);
      if (item.price_data !== undefined) {
        throw invalid("The Stripe stand-in does not support price_data.", `${param}[price_data]`);
      }
      const priceId = reqString(item, "price", `${param}[price]`);
      const price = this.need("price", priceId, `${param}[price]`);
      if (!price.active) {
        throw invalid(`The price specified is inactive: '${priceId}'`, `${param}[price]`);
      }
      if (!price.recurring) {
        throw invalid(
          "The Stripe stand-in only supports recurring prices in subscription mode.",
          `${param}[price]`,
        );
      }
      const recurringKey = `${price.recurring.interval}/${price.recurring.interval_count}`;
      if (currency !== null && currency !== price.currency) {
        throw invalid("All prices must use the same currency.", `${param}[price]`);
      }
      if (interval !== null && interval !== recurringKey) {
        throw invalid("All prices must use the same billing interval.", `${param}[price]`);
      }
      currency = price.currency;
      interval = recurringKey;
      const quantity = optInt(item, "quantity", `${param}[quantity]`) ?? 1;
      if (quantity < 1) {
        throw invalid("Quantity must be at least 1.", `${param}[quantity]`);
      }
      subtotal += price.unit_amount * quantity;
      lines.push({ id: newId("li_"), price: price.id, quantity });
    }
    if (currency === null) throw missing("line_items");

    const allowPromotionCodes = optBool(p, "allow_promotion_codes") ?? false;
    const discountParams = optArray(p, "discounts") ?? [];
    if (allowPromotionCodes && discountParams.length > 0) {
      throw invalid(
        "You may only specify one of these parameters: allow_promotion_codes, discounts.",
        "discounts",
      );
    }
    const discounts: SessionDiscount[] = [];
    let couponForTotal: CouponObject | undefined;
    const d = discountParams[0];
    if (d !== undefined) {
      if (typeof d === "string" || Array.isArray(d)) {
        throw invalid("Invalid discounts[0]", "discounts[0]");
      }
      const promoId = optString(d, "promotion_code", "discounts[0][promotion_code]");
      const couponId = optString(d, "coupon", "discounts[0][coupon]");
      if (promoId) {
        const promo = this.need("promotion code", promoId, "discounts[0][promotion_code]");
        const problem = this.promotionProblem(promo, subtotal, currency);
        if (problem) throw invalid(problem, "discounts[0][promotion_code]");
        couponForTotal = this.coupons.get(promo.promotion.coupon);
        discounts.push({ coupon: promo.promotion.coupon, promotion_code: promo.id });
      } else if (couponId) {
        couponForTotal = this.need("coupon", couponId, "discounts[0][coupon]");
        discounts.push({ coupon: couponId, promotion_code: null });
      }
    }
    const discount = this.discountAmount(couponForTotal, subtotal);

    const subscriptionData = optObject(p, "subscription_data") ?? {};
    const now = this.nowSeconds();
    const id = newId("cs_test_");
    const session: CheckoutSessionObject = {
      id,
      object: "checkout.session",
      livemode: false,
      created: now,
      expires_at: now + 24 * 3600,
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      customer: customerId,
      customer_email: customerEmail,
      customer_details: null,
      client_reference_id: optString(p, "client_reference_id") || null,
      subscription: null,
      invoice: null,
      url: `${this.base}/pay/${id}`,
      success_url: successUrl,
      cancel_url: cancelUrl,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      currency,
      locale: optString(p, "locale") || null,
      discounts,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      payment_method_types: ["card"],
      metadata: readMetadata(p),
    };
    this.checkoutSessions.set(id, session);
    this.sessionExtras.set(id, {
      lines,
      subscriptionMetadata: readMetadata(subscriptionData, {}, "metadata"),
      allowPromotionCodes,
    });
    return session;
  }

  private retrieveCheckoutSession(id: string, p: ParamObject): unknown {
    const session = this.need("checkout.session", id);
    const expand = optStringArray(p, "expand") ?? [];
    if (!expand.includes("line_items")) return session;
    return { ...session, line_items: this.sessionLineItems(session) };
  }

  private sessionLineItems(session: CheckoutSessionObject) {
    const lines = this.sessionExtras.get(session.id)?.lines ?? [];
    const data = lines.map((line) => {
      const price = this.need("price", line.price);
      const amount = price.unit_amount * line.quantity;
      return {
        id: line.id,
        object: "item" as const,
        amount_subtotal: amount,
        amount_total: amount,
        amount_discount: 0,
        amount_tax: 0,
        currency: price.currency,
        description: this.priceName(price),
        price,
        quantity: line.quantity,
      };
    });
    return {
      object: "list" as const,
      data,
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    };
  }

  private priceName(price: PriceObject): string {
    return price.nickname ?? this.products.get(price.product)?.name ?? price.id;
  }

  /**
   * Completes a checkout as the hosted page does: subscription, paid invoice, session
   * marked complete, then the three webhooks in order. `form` holds what the page asked for.
   */
  private async finishCheckout(
    session: CheckoutSessionObject,
    form: { email?: string; promotionCode?: string },
  ): Promise<{ subscriptionId: string }> {
    if (session.status === "complete" && session.subscription) {
      return { subscriptionId: session.subscription };
    }
    if (session.status !== "open") throw new CheckoutProblem("This checkout has expired.");
    const extras = this.sessionExtras.get(session.id);
    if (!extras) throw new Error(`Checkout session ${session.id} has no line items`);

    // A promotion code typed on the page replaces nothing: it is only offered when the
    // session allows promotion codes and has no discount of its own.
    let applied: Applied | null = null;
    const typed = form.promotionCode?.trim();
    if (typed && extras.allowPromotionCodes) {
      const promo = [...this.promotionCodes.values()].find(
        (candidate) => candidate.code.toLowerCase() === typed.toLowerCase() && candidate.active,
      );
      if (!promo) throw new CheckoutProblem("This promotion code is not valid.");
      const problem = this.promotionProblem(promo, session.amount_subtotal, session.currency);
      if (problem) throw new CheckoutProblem(problem);
      const coupon = this.coupons.get(promo.promotion.coupon);
      if (coupon) applied = { coupon, promotionCode: promo };
    } else if (session.discounts[0]) {
      const { coupon: couponId, promotion_code: promoId } = session.discounts[0];
      const promo = promoId ? (this.promotionCodes.get(promoId) ?? null) : null;
      if (promo) {
        const problem = this.promotionProblem(promo, session.amount_subtotal, session.currency);
        if (problem) throw new CheckoutProblem(problem);
      }
      const coupon = couponId ? this.coupons.get(couponId) : undefined;
      if (coupon) applied = { coupon, promotionCode: promo };
    }

    let customer = session.customer ? this.customers.get(session.customer) : undefined;
    if (!customer) {
      const email = session.customer_email ?? (form.email?.trim() || "customer@example.test");
      customer = this.createCustomer({ email });
    }

    const now = this.nowSeconds();
    const subscriptionId = newId("sub_");
    const items: SubscriptionItemObject[] = extras.lines.map((line) => {
      const price = this.need("price", line.price);
      const recurring = price.recurring ?? {
        interval: "month" as const,
        interval_count: 1,
      };
      return {
        id: newId("si_"),
        object: "subscription_item",
        created: now,
        current_period_start: now,
        current_period_end: periodEnd(now, recurring.interval, recurring.interval_count),
        price,
        quantity: line.quantity,
        subscription: subscriptionId,
        discounts: [],
        tax_rates: [],
        metadata: {},
      };
    });
    const periodStart = now;
    const periodEndAt = items[0]?.current_period_end ?? now;

    const subtotal = items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const discount = this.discountAmount(applied?.coupon, subtotal);
    const total = subtotal - discount;

    const invoiceId = newId("in_");
    this.invoiceCounter += 1;
    const invoice: InvoiceObject = {
      id: invoiceId,
      object: "invoice",
      livemode: false,
      number: `PARL-${String(this.invoiceCounter).padStart(4, "0")}`,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      subscription: subscriptionId,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: {
          subscription: subscriptionId,
          metadata: { ...extras.subscriptionMetadata },
        },
      },
      status: "paid",
      billing_reason: "subscription_create",
      collection_method: "charge_automatically",
      amount_due: total,
      amount_paid: total,
      amount_remaining: 0,
      subtotal,
      total,
      total_discount_amounts: discount > 0 ? [{ amount: discount, discount: newId("di_") }] : [],
      discounts: [],
      currency: session.currency,
      created: now,
      period_start: periodStart,
      period_end: periodEndAt,
      status_transitions: {
        finalized_at: now,
        paid_at: now,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      hosted_invoice_url: `${this.base}/invoice/${invoiceId}`,
      invoice_pdf: `${this.base}/invoice/${invoiceId}.pdf`,
      lines: {
        object: "list",
        data: items.map((item) => ({
          id: newId("il_"),
          object: "line_item",
          amount: item.price.unit_amount * item.quantity,
          currency: item.price.currency,
          description: `${item.quantity} × ${this.priceName(item.price)} (at ${formatMoney(
            item.price.unit_amount,
            item.price.currency,
          )}${intervalLabel(item.price.recurring)})`,
          quantity: item.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            type: "price_details",
            price_details: { price: item.price.id, product: item.price.product },
            unit_amount_decimal: item.price.unit_amount_decimal,
          },
          metadata: {},
        })),
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
      metadata: {},
    };

    const subscription: SubscriptionObject = {
      id: subscriptionId,
      object: "subscription",
      livemode: false,
      customer: customer.id,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      collection_method: "charge_automatically",
      currency: session.currency,
      latest_invoice: invoiceId,
      discounts: [],
      items: {
        object: "list",
        data: items,
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      trial_start: null,
      trial_end: null,
      pause_collection: null,
      schedule: null,
      default_payment_method: null,
      description: null,
      metadata: { ...extras.subscriptionMetadata },
    };

    if (applied) {
      applied.coupon.times_redeemed += 1;
      if (applied.promotionCode) applied.promotionCode.times_redeemed += 1;
      session.discounts = [
        { coupon: applied.coupon.id, promotion_code: applied.promotionCode?.id ?? null },
      ];
    }
    this.subscriptions.set(subscriptionId, subscription);
    this.invoices.set(invoiceId, invoice);
    session.status = "complete";
    session.payment_status = "paid";
    session.customer = customer.id;
    session.customer_details = { email: customer.email, name: customer.name };
    session.subscription = subscriptionId;
    session.invoice = invoiceId;
    session.url = null;
    session.amount_total = total;
    session.total_details = { ...session.total_details, amount_discount: discount };

    const events = [
      this.makeEvent("checkout.session.completed", session),
      this.makeEvent("customer.subscription.created", subscription),
      this.makeEvent("invoice.paid", invoice),
    ];
    for (const event of events) await this.enqueue(event);
    return { subscriptionId };
  }

  // ----- subscriptions -------------------------------------------------------------------------

  private periodEndOf(subscription: SubscriptionObject): number {
    return Math.max(...subscription.items.data.map((item) => item.current_period_end));
  }

  private setCancelAtPeriodEnd(subscription: SubscriptionObject, value: boolean): void {
    subscription.cancel_at_period_end = value;
    subscription.cancel_at = value ? this.periodEndOf(subscription) : null;
    subscription.canceled_at = value ? this.nowSeconds() : null;
    subscription.cancellation_details = {
      ...subscription.cancellation_details,
      reason: value ? "cancellation_requested" : null,
    };
  }

  // ----- billing portal and invoices -----------------------------------------------------------

  private createPortalSession(p: ParamObject): PortalSessionObject {
    const customerId = reqString(p, "customer");
    this.need("customer", customerId, "customer");
    const returnUrl = optString(p, "return_url");
    const id = newId("bps_");
    const session: PortalSessionObject = {
      id,
      object: "billing_portal.session",
      livemode: false,
      created: this.nowSeconds(),
      customer: customerId,
      return_url: returnUrl ? checkUrl(returnUrl, "return_url") : null,
      url: `${this.base}/portal/${id}`,
      locale: optString(p, "locale") || null,
      configuration: "bpc_standin_default",
      flow: null,
      on_behalf_of: null,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  private listInvoices(p: ParamObject): ListObject<InvoiceObject> {
    const customer = optString(p, "customer");
    const subscription = optString(p, "subscription");
    const status = optString(p, "status");
    const all = [...this.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return this.list(all, p, "/v1/invoices");
  }

  // ----- hosted pages --------------------------------------------------------------------------

  private async handlePage(
    res: ServerResponse,
    method: string,
    url: URL,
    body: string,
  ): Promise<void> {
    const parts = url.pathname.split("/").filter(Boolean).map(safeDecode);
    const [section, id, action] = parts;
    const form = new URLSearchParams(body);

    if (method === "GET" && parts.length === 0) {
      sendHtml(res, 200, this.indexPage());
      return;
    }
    if (section === "pay" && id && !action) {
      const session = this.checkoutSessions.get(id);
      if (!session) return this.notFound(res, "This checkout does not exist.");
      if (method === "GET") {
        sendHtml(res, 200, this.checkoutPage(session));
        return;
      }
      if (method === "POST") {
        try {
          await this.finishCheckout(session, {
            email: form.get("email") ?? undefined,
            promotionCode: form.get("promotion_code") ?? undefined,
          });
        } catch (error) {
          if (!(error instanceof CheckoutProblem)) throw error;
          sendHtml(res, 400, this.checkoutPage(session, error.message));
          return;
        }
        redirect(res, this.successUrl(session));
        return;
      }
    }
    if (section === "portal" && id) {
      const portal = this.portalSessions.get(id);
      if (!portal) return this.notFound(res, "This customer portal session does not exist.");
      if (method === "GET" && !action) {
        sendHtml(res, 200, this.portalPage(portal));
        return;
      }
      if (method === "POST" && (action === "cancel" || action === "resume")) {
        const subscription = this.subscriptions.get(url.searchParams.get("sub") ?? "");
        if (!subscription || subscription.customer !== portal.customer) {
          return this.notFound(res, "This subscription does not exist.");
        }
        const wanted = action === "cancel";
        if (subscription.status !== "canceled" && subscription.cancel_at_period_end !== wanted) {
          const before = snapshot(subscription);
          this.setCancelAtPeriodEnd(subscription, wanted);
          await this.enqueue(
            this.makeEvent(
              "customer.subscription.updated",
              subscription,
              changedAttributes(before, snapshot(subscription)),
            ),
          );
        }
        redirect(res, `${this.base}/portal/${portal.id}`);
        return;
      }
    }
    if (section === "invoice" && id && !action && method === "GET") {
      const pdf = id.endsWith(".pdf");
      const invoice = this.invoices.get(pdf ? id.slice(0, -4) : id);
      if (!invoice) return this.notFound(res, "This invoice does not exist.");
      if (pdf) {
        const text = `Invoice ${invoice.number}\n${formatMoney(invoice.amount_paid, invoice.currency)} ${invoice.status}\n(Stripe stand-in: not a real PDF)\n`;
        res.writeHead(200, {
          "Content-Type": "text/plain; charset=utf-8",
          "Content-Length": Buffer.byteLength(text),
        });
        res.end(text);
        return;
      }
      sendHtml(res, 200, this.invoicePage(invoice));
      return;
    }
    this.notFound(res, "There is no page at this address.");
  }

  private notFound(res: ServerResponse, message: string): void {
    sendHtml(res, 404, htmlPage("Not found", `<p>${escapeHtml(message)}</p>`));
  }

  private successUrl(session: CheckoutSessionObject): string {
    return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  }

  private indexPage(): string {
    return htmlPage(
      "Stripe stand-in",
      `<p>This server answers the Stripe API paths Parley uses at <code>${escapeHtml(this.url)}/v1</code>.</p>
<ul>
<li>${this.customers.size} customers, ${this.prices.size} prices, ${this.subscriptions.size} subscriptions, ${this.invoices.size} invoices</li>
<li>Webhooks go to ${this.webhookUrl ? `<code>${escapeHtml(this.webhookUrl)}</code>` : "nowhere (switched off)"}; ${this.delivered.length} sent so far.</li>
</ul>`,
    );
  }

  private checkoutPage(session: CheckoutSessionObject, problem?: string): string {
    const title = "Stripe stand-in checkout";
    if (session.status === "complete") {
      return htmlPage(
        title,
        `<p>This checkout is complete.</p>
<p><a href="${escapeHtml(this.successUrl(session))}">Continue to Parley</a></p>`,
      );
    }
    if (session.status !== "open") {
      return htmlPage(
        title,
        `<p>This checkout has expired.</p>
<p><a href="${escapeHtml(session.cancel_url)}">Back to Parley</a></p>`,
      );
    }
    const extras = this.sessionExtras.get(session.id);
    const lines = (extras?.lines ?? []).map((line) => {
      const price = this.need("price", line.price);
      return `<li><p><strong>${escapeHtml(this.priceName(price))}</strong></p>
<p>${escapeHtml(formatMoney(price.unit_amount, price.currency) + intervalLabel(price.recurring))}</p>
<p>Quantity: ${line.quantity}</p></li>`;
    });
    const discount = session.total_details.amount_discount;
    const needsEmail = !session.customer && !session.customer_email;
    const fields = [
      needsEmail
        ? `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required>`
        : "",
      extras?.allowPromotionCodes
        ? `<label for="promotion_code">Promotion code (optional)</label>
<input id="promotion_code" name="promotion_code" autocomplete="off">`
        : "",
    ].join("\n");
    return htmlPage(
      title,
      `${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ""}
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<ul class="items">
${lines.join("\n")}
</ul>
${discount > 0 ? `<p>Discount: −${escapeHtml(formatMoney(discount, session.currency))}</p>` : ""}
<p><strong>Total due today: ${escapeHtml(formatMoney(session.amount_total, session.currency))}</strong></p>
</section>
<form method="post" action="${escapeHtml(`${this.base}/pay/${session.id}`)}">
${fields}
<p><button type="submit">Pay</button></p>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
    );
  }

  private portalPage(portal: PortalSessionObject): string {
    const customer = this.customers.get(portal.customer);
    const subscriptions = [...this.subscriptions.values()]
      .filter((subscription) => subscription.customer === portal.customer)
      .reverse();
    const invoices = [...this.invoices.values()]
      .filter((invoice) => invoice.customer === portal.customer)
      .reverse();
    const action = (name: string, subscription: SubscriptionObject) =>
      escapeHtml(
        `${this.base}/portal/${portal.id}/${name}?sub=${encodeURIComponent(subscription.id)}`,
      );
    const subscriptionItems = subscriptions.map((subscription) => {
      const item = subscription.items.data[0];
      const price = item?.price;
      const what = price
        ? `${this.priceName(price)}: ${formatMoney(price.unit_amount, price.currency)}${intervalLabel(price.recurring)}${item.quantity > 1 ? ` × ${item.quantity}` : ""}`
        : subscription.id;
      const end = this.periodEndOf(subscription);
      let when: string;
      let button = "";
      if (subscription.status === "canceled") {
        when = `Ended on ${formatDate(subscription.ended_at ?? end)}`;
      } else if (subscription.cancel_at_period_end) {
        when = `Ends on ${formatDate(subscription.cancel_at ?? end)}`;
        button = `<form method="post" action="${action("resume", subscription)}"><button type="submit">Resume subscription</button></form>`;
      } else {
        when = `Renews on ${formatDate(end)}`;
        button = `<form method="post" action="${action("cancel", subscription)}"><button type="submit" class="secondary">Cancel subscription</button></form>`;
      }
      return `<li><p><strong>${escapeHtml(what)}</strong></p>
<p>Status: ${escapeHtml(subscription.status)}</p>
<p>${escapeHtml(when)}</p>
${button}</li>`;
    });
    const invoiceItems = invoices.map(
      (invoice) =>
        `<li><a href="${escapeHtml(invoice.hosted_invoice_url)}">Invoice ${escapeHtml(invoice.number)}</a>: ${escapeHtml(formatMoney(invoice.amount_paid, invoice.currency))}, ${escapeHtml(invoice.status)}, ${escapeHtml(formatDate(invoice.created))}</li>`,
    );
    return htmlPage(
      "Stripe stand-in customer portal",
      `<p>Customer: ${escapeHtml(customer?.email ?? customer?.name ?? portal.customer)}</p>
<section aria-labelledby="subscriptions-heading">
<h2 id="subscriptions-heading">Subscriptions</h2>
${subscriptionItems.length ? `<ul class="items">\n${subscriptionItems.join("\n")}\n</ul>` : "<p>No subscriptions.</p>"}
</section>
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoices</h2>
${invoiceItems.length ? `<ul>\n${invoiceItems.join("\n")}\n</ul>` : "<p>No invoices.</p>"}
</section>
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Parley</a></p>` : ""}`,
    );
  }

  private invoicePage(invoice: InvoiceObject): string {
    const rows = invoice.lines.data.map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${line.quantity}</td><td>${escapeHtml(formatMoney(line.amount, line.currency))}</td></tr>`,
    );
    const discount = invoice.subtotal - invoice.total;
    return htmlPage(
      `Invoice ${invoice.number}`,
      `<p>Status: ${escapeHtml(invoice.status)}</p>
<p>Billed to: ${escapeHtml(invoice.customer_email ?? invoice.customer)}</p>
<p>Period: ${escapeHtml(formatDate(invoice.period_start))} to ${escapeHtml(formatDate(invoice.period_end))}</p>
<table>
<caption>Invoice lines</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
${discount > 0 ? `<p>Discount: −${escapeHtml(formatMoney(discount, invoice.currency))}</p>` : ""}
<p><strong>Amount paid: ${escapeHtml(formatMoney(invoice.amount_paid, invoice.currency))}</strong></p>
<p><a href="${escapeHtml(invoice.invoice_pdf)}">Download (text)</a></p>`,
    );
  }
}

/** A problem the checkout page shows to the payer (bad promotion code, expired session). */
class CheckoutProblem extends Error {}

// ---------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const port = Number(process.env.STRIPE_STANDIN_PORT || 12111);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STRIPE_STANDIN_PORT is not a port: ${process.env.STRIPE_STANDIN_PORT}`);
  }
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || "whsec_parley_local_standin";
  const webhookSetting = process.env.STRIPE_STANDIN_WEBHOOK_URL;
  const webhookUrl =
    webhookSetting === undefined
      ? "http://127.0.0.1:3000/api/stripe/webhook"
      : webhookSetting === "" || webhookSetting === "none"
        ? null
        : webhookSetting;
  const standIn = new StripeStandIn({
    webhookUrl,
    webhookSecret,
    publicUrl: process.env.STRIPE_STANDIN_PUBLIC_URL || undefined,
    log: (line) => console.log(`[stripe-standin] ${line}`),
  });
  await standIn.start(port);
  console.log(`Stripe stand-in listening on ${standIn.url}`);
  console.log(`Webhooks go to ${webhookUrl ?? "nowhere (STRIPE_STANDIN_WEBHOOK_URL is empty)"}`);
  console.log("Set these for the app:");
  console.log("  STRIPE_SECRET_KEY=sk_test_local");
  console.log(`  STRIPE_WEBHOOK_SECRET=${webhookSecret}`);
  console.log(`  STRIPE_API_URL=${standIn.url}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stripe stand-in stopping (${signal})`);
    standIn.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
