import { Form, useActionData, useLoaderData, useNavigation, href } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/review";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, TextAreaField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { loadReview, markReviewStarted, saveReview } from "~/features/reviews/reviews.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, formRefused, parseForm, useFormChecks } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  // Opening the page counts as starting the review: "Rate our app" goes away.
  await markReviewStarted(services, user.id);
  const review = await loadReview(services, user.id);
  return {
    firstName: user.firstName,
    review: review
      ? { rating: review.rating, text: review.text, consentToPublish: review.consentToPublish }
      : null,
  };
}

const ReviewSchema = z.object({
  // One to five stars; none chosen (or anything else) gets the page's own message.
  rating: z
    .string()
    .optional()
    .refine((v) => v !== undefined && /^[1-5]$/.test(v), {
      params: { key: "review.error.rating" },
    })
    .transform(Number),
  text: z.string().trim().max(2000).default(""),
  consentToPublish: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const parsed = parseForm(await readForm(request), ReviewSchema);
  if (!parsed.ok) {
    return formFailure({ errors: parsed.errors, values: parsed.values });
  }
  const saved = await saveReview(getServices(context), user.id, parsed.data);
  if (saved === "unchanged") {
    return formRefused("review.error.unchanged", 409);
  }
  return formDone("review.thanks");
}

export default function ReviewPage() {
  const t = useT();
  const { review, firstName } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormChecks(
    ReviewSchema,
    answer && "errors" in answer ? answer : undefined,
  );
  const ratingError = errors.rating;
  if (answer && "notice" in answer)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <title>{`${t("page.review.title")} · Parley`}</title>
        <h1 className="text-3xl font-bold text-ink">
          {t("review.thanksTitle", { name: firstName })}
        </h1>
        <p className="mt-4 text-slate-700">{t(answer.notice)}</p>
        <ButtonLink to={href("/dashboard")} className="mt-8">
          {t("review.back")}
        </ButtonLink>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <title>{`${t("page.review.title")} · Parley`}</title>
      <PageHeader title={t("page.review.title")} description={t("review.intro")} />
      {answer && "errors" in answer && answer.formError ? (
        <Alert tone="error" className="mb-6">
          {t(answer.formError.key)}
        </Alert>
      ) : null}
      <Form
        method="post"
        {...formProps}
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <fieldset aria-describedby={ratingError ? "review-rating-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("review.ratingLegend")}</legend>
          {/* One to five in reading order, so arrow keys move the way the stars read (left to
              right, or right to left on an RTL page). A star is filled when it or a later one
              is chosen, by CSS alone (works without JavaScript); empty ☆ and filled ★ differ in
              shape as well as colour, both at least 3:1 against the page. */}
          <div className="mt-3 flex gap-1" data-testid="review-stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded text-4xl leading-none text-slate-500 has-[:checked]:text-amber-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline [&:has(~label_:checked)]:text-amber-700"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  required
                  defaultChecked={review?.rating === n}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className="[label:has(:checked)_&]:hidden [label:has(~label_:checked)_&]:hidden"
                >
                  ☆
                </span>
                <span
                  aria-hidden="true"
                  className="hidden [label:has(:checked)_&]:inline [label:has(~label_:checked)_&]:inline"
                >
                  ★
                </span>
                <span className="sr-only">{t("review.stars", { count: n })}</span>
              </label>
            ))}
          </div>
          {ratingError ? (
            <p id="review-rating-error" role="alert" className="mt-2 text-sm text-red-700">
              {t(ratingError.key, ratingError.values)}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={t("review.text")}
          hint={t("review.textHint")}
          name="text"
          rows={5}
          maxLength={2000}
          defaultValue={review?.text ?? ""}
        />
        <CheckboxField
          label={t("review.consent")}
          name="consentToPublish"
          defaultChecked={review?.consentToPublish ?? false}
        />
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("review.submit")}
        </Button>
      </Form>
    </div>
  );
}
