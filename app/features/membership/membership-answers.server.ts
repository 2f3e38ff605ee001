import { data } from "react-router";
import { loadUserOrganization } from "~/features/account/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { formDone, formFailure, type FormFailure } from "~/lib/forms";
import { consumeRate } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/services.server";
import { HOUR_MS } from "~/lib/time";
import { BillingError } from "./billing.server";
import { redeemCode } from "./grants.server";
import { SchoolActionError } from "~/features/schools/index.server";

/**
 * The answers of the membership page's forms (each posts to its own route under
 * /dashboard/membership, issue 20), and the one place a feature's failure becomes the
 * message the teacher reads. Answers are the one answer shape (app/lib/forms.ts): a refusal
 * of the error vocabulary (`refuse`), or done with a notice; the page shows either above its sections, a redeem
 * answer by the redeem box.
 */

/** A form whose fields do not parse (only a hand-made request: the page's forms cannot). */
export function membershipInvalid({ errors, values }: Omit<FormFailure, "formError">) {
  return formFailure({ errors, values, formError: { key: "membership.error.invalidRequest" } });
}

/** A school form's work (invite, join, leave…); a refusal of the school's rules is a 409. */
export async function schoolAnswer<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SchoolActionError) return refuse("school", error.code);
    throw error;
  }
}

/**
 * A payment form's work (a checkout or the billing portal: a redirect to Stripe); when
 * Stripe is not configured, refuses, or cannot be reached, the page says so.
 */
export async function billingAnswer<T>(services: Services, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BillingError) {
      if (error.code !== "not-configured" && error.code !== "already-subscribed")
        services.log.error({ err: error }, "billing failed");
      return refuse("billing", error.code);
    }
    services.log.error({ err: error }, "Stripe request failed");
    return refuse("billing", "stripe-unreachable");
  }
}

/** The school the teacher manages (owner or admin), else null: a member pays for nothing. */
export async function managedSchool(services: Services, user: SessionUser) {
  const membership = await loadUserOrganization(services.db, user.id);
  return membership && membership.role !== "member" ? membership.organization : null;
}

/** Redeems a code for the teacher, at most ten tries an hour; answers what it gave or why not. */
export async function redeemAnswer(services: Services, user: SessionUser, code: string) {
  const rate = await consumeRate(services.db, `redeem:${user.id}`, { windowMs: HOUR_MS, max: 10 });
  if (!rate.allowed) {
    const formError = {
      key: "redeem.error.tooMany" as const,
      values: { count: Math.ceil(rate.retryAfterS / 60) },
    };
    return data<FormFailure>(
      { errors: {}, values: {}, formError },
      { status: 429, headers: { "Retry-After": String(rate.retryAfterS) } },
    );
  }
  const result = await redeemCode(services, user.id, code);
  if (!result.ok) return refuse("redeem", result.reason);
  return formDone(result.kind === "plan" ? "redeem.success.plan" : "redeem.success.days", {
    count: result.days ?? 0,
  });
}
