import { Form, href, Link } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import type { FormAnswer } from "~/lib/forms";
import { useLocale, useT } from "~/lib/i18n/react";
import type { adminReviews } from "../admin-reviews.server";

export type AdminReviewsData = Awaited<ReturnType<typeof adminReviews>>;

/** Admin → Reviews: the public rating and every review, each hidden or shown with a click. */
export function AdminReviewsPage({
  loaded,
  answer,
}: {
  loaded: AdminReviewsData;
  answer?: FormAnswer;
}) {
  const t = useT();
  const locale = useLocale();
  const { rating, minimum, shown } = loaded;
  return (
    <>
      <PageHeader title={t("adminReviews.title")} description={t("adminReviews.description")} />
      <AnswerAlert answer={answer} />
      <p
        className="mb-6 rounded-xl bg-white p-4 text-sm text-ink ring-1 ring-slate-200"
        data-testid="public-rating"
      >
        {rating
          ? t(shown ? "adminReviews.ratingShown" : "adminReviews.ratingWaiting", {
              rating: rating.average.toLocaleString(locale.iso, { maximumFractionDigits: 1 }),
              count: rating.count,
              minimum,
            })
          : t("adminReviews.ratingNone", { minimum })}
      </p>
      {loaded.reviews.length === 0 ? (
        <EmptyState title={t("adminReviews.none")} />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="reviews"
        >
          {loaded.reviews.map((r) => (
            <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">
                  {t("adminReviews.stars", { count: r.rating })} ·{" "}
                  <Link
                    to={href("/admin/user/:id", { id: r.userId })}
                    className="text-brand-700 hover:underline"
                  >
                    <bdi>{r.author}</bdi>
                  </Link>{" "}
                  <span className="font-normal text-slate-600">
                    · <LocalDateTime value={r.createdAt} />
                  </span>
                </p>
                {r.text ? (
                  <p className="mt-1 text-sm break-words text-slate-800">
                    <bdi>{r.text}</bdi>
                  </p>
                ) : null}
                <p className="mt-1 text-xs text-slate-600">
                  {r.consent ? t("adminReviews.consent") : t("adminReviews.noConsent")}
                  {r.hidden ? ` · ${t("adminReviews.hidden")}` : ""}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value={r.hidden ? "show" : "hide"} />
                <input type="hidden" name="id" value={r.id} />
                <Button type="submit" theme={r.hidden ? "white" : "danger"} size="small">
                  {r.hidden ? t("adminReviews.show") : t("adminReviews.hide")}
                  <span className="sr-only">: {r.author}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaded.page} pages={loaded.pages} label={t("adminReviews.pages")} />
    </>
  );
}
