import type Stripe from "stripe";
import { catalog } from "./prices";
import type { Promotions } from "./promotions";

/**
 * Creates what Parley sells in a Stripe account: two products (Premium, School seat) and a
 * price per plan, interval and currency, found later by lookup key; plus the happy-week
 * coupon and promotion code. Safe to run again: existing lookup keys and codes are kept
 * (a changed amount gets a new price that takes the key over).
 */
export async function seedStripe(
  stripe: Stripe,
  promotions: Promotions | null = null,
): Promise<{ created: string[]; kept: string[] }> {
  const created: string[] = [];
  const kept: string[] = [];
  const products = new Map<string, string>();
  const productFor = async (product: "premium" | "school") => {
    const known = products.get(product);
    if (known) return known;
    const found = (await stripe.products.list({ limit: 100 })).data.find(
      (p) => p.metadata?.parley === product,
    );
    const id =
      found?.id ??
      (
        await stripe.products.create({
          name: product === "premium" ? "Parley Premium" : "Parley for schools (teacher seat)",
          metadata: { parley: product },
        })
      ).id;
    products.set(product, id);
    return id;
  };
  const items = catalog();
  const existing = await stripe.prices.list({
    lookup_keys: items.map((i) => i.lookupKey),
    active: true,
    limit: 100,
  });
  for (const item of items) {
    const price = existing.data.find((p) => p.lookup_key === item.lookupKey);
    if (
      price &&
      price.unit_amount === item.amount &&
      price.currency === item.currency.toLowerCase()
    ) {
      kept.push(item.lookupKey);
      continue;
    }
    await stripe.prices.create({
      product: await productFor(item.product),
      currency: item.currency.toLowerCase(),
      unit_amount: item.amount,
      recurring: { interval: item.interval },
      lookup_key: item.lookupKey,
      transfer_lookup_key: true,
      nickname: `${item.product === "premium" ? "Premium" : "School seat"} ${item.interval}ly ${item.currency}`,
      metadata: { parley: item.product },
    });
    created.push(item.lookupKey);
  }
  const discount = promotions?.discount;
  if (discount) {
    const codes = await stripe.promotionCodes.list({ code: discount.promotionCode, limit: 1 });
    if (codes.data.length) kept.push(discount.promotionCode);
    else {
      const coupon = await stripe.coupons.create({
        percent_off: discount.percentOff,
        duration: "once",
        name: `Happy week −${discount.percentOff}%`,
      });
      await stripe.promotionCodes.create({
        promotion: { type: "coupon", coupon: coupon.id },
        code: discount.promotionCode,
        expires_at: Math.floor(discount.endsAt.getTime() / 1000),
      });
      created.push(discount.promotionCode);
    }
  }
  return { created, kept };
}
