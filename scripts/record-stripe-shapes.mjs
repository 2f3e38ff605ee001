// Records the shapes of the Stripe objects Parley receives, from the test fixtures Stripe
// publishes with its OpenAPI definition (github.com/stripe/openapi, openapi/fixtures3.json):
// each field's JSON type, nested objects field by field, never the example values (only the
// `object` discriminator is kept). tests/support/stripe-contract.test.ts holds the Stripe
// stand-in to these shapes. Run after Stripe changes its API version:
//   node scripts/record-stripe-shapes.mjs path/to/fixtures3.json "<commit of stripe/openapi>"
import fs from "node:fs";

const RESOURCES = [
  "billing_portal.session",
  "checkout.session",
  "coupon",
  "customer",
  "event",
  "invoice",
  "price",
  "product",
  "promotion_code",
  "subscription",
];

/**
 * Fields Stripe's API definition has that the fixtures' single example leaves out, and that
 * the stand-in sends. Each names where Stripe documents it.
 */
const SUPPLEMENTS = [
  {
    // spec3: invoice_line_item_pricing.price_details (present when pricing.type is
    // "price_details", which is how a subscription's line is priced).
    resource: "invoice",
    path: ["lines", "data", "array", "pricing"],
    field: "price_details",
    shape: { price: "string", product: "string" },
  },
];

/** A value's shape: a JSON type name, an object's fields, or an array's element shape. */
function shapeOf(value, key) {
  if (value === null) return "null";
  if (Array.isArray(value)) return { array: value.length > 0 ? shapeOf(value[0]) : "unknown" };
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf(value[k], k)]),
    );
  }
  if (key === "object" && typeof value === "string") return `=${value}`;
  return typeof value;
}

const [file, commit] = process.argv.slice(2);
if (!file || !commit) {
  process.stderr.write("usage: node scripts/record-stripe-shapes.mjs fixtures3.json <commit>\n");
  process.exit(2);
}
const { resources } = JSON.parse(fs.readFileSync(file, "utf8"));
const shapes = {};
for (const name of RESOURCES) {
  if (!resources[name]) throw new Error(`${file} has no fixture for ${name}`);
  shapes[name] = shapeOf(resources[name]);
}
for (const { resource, path, field, shape } of SUPPLEMENTS) {
  let target = shapes[resource];
  for (const step of path) target = target?.[step];
  if (!target || typeof target !== "object")
    throw new Error(`${resource}.${path.join(".")} is gone`);
  target[field] = shape;
}
const out = "tests/support/stripe-shapes.json";
fs.writeFileSync(
  out,
  `${JSON.stringify({ source: `github.com/stripe/openapi@${commit} openapi/fixtures3.json`, shapes }, null, 2)}\n`,
);
process.stdout.write(`${out}: ${RESOURCES.length} resources\n`);
