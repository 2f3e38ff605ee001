import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import type { FaqItem } from "~/features/content";
import { LevelBadge } from "~/features/library";
import type { CefrLevel } from "~/features/library";
import { CurrencySwitcher } from "~/features/membership";
import { formatPrice, PRICES, yearlySavingPercent, type Currency } from "~/features/membership";
import { JsonLd, organizationJsonLd, Seo } from "~/features/site";
import { useRootData } from "~/features/site";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";
import type { SampleExercise } from "./landing.server";
import type { PublicRating } from "./rating";
import { contentLang } from "~/lib/i18n/locales";
import { dataKey } from "~/lib/i18n/translate";

const FREE_FEATURES = [
  "landing.pricing.freeFeature1",
  "landing.pricing.freeFeature2",
  "landing.pricing.freeFeature3",
] as const;
const PREMIUM_FEATURES = [
  "landing.pricing.premiumFeature1",
  "landing.pricing.premiumFeature2",
  "landing.pricing.premiumFeature3",
  "landing.pricing.premiumFeature4",
] as const;

export interface HomeData {
  kind: "home";
  counts: { allExercisesCount: number; freeExercisesCount: number; allMaterialsCount: number };
  samples: SampleExercise[];
  currency: Currency;
  rating: PublicRating;
  faq: FaqItem[];
}

function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="inline-flex text-amber-500">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className="size-4"
          fill={value >= i + 0.75 ? "currentColor" : "none"}
          stroke="currentColor"
        >
          <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
        </svg>
      ))}
    </span>
  );
}

/** A mock of an exercise on the classroom screen: pure markup, so it paints at once. */
function HeroScreen() {
  const t = useT();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-brand-900/10">
        <div className="flex items-center gap-1.5 px-2 pb-2">
          <span className="size-2.5 rounded-full bg-accent-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
        </div>
        <div className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white sm:p-8">
          <div className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-100">
            <span className="rounded bg-white/15 px-2 py-0.5">B1</span>
            <span>{t("landing.hero.screenType")}</span>
          </div>
          <p className="mt-5 text-xl font-bold leading-snug sm:text-2xl">
            {t("landing.hero.screenPrompt")}
          </p>
          <ul className="mt-5 space-y-2 text-sm text-brand-50">
            <li>• {t("landing.hero.screenFollowUp1")}</li>
            <li>• {t("landing.hero.screenFollowUp2")}</li>
          </ul>
          <div className="mt-6 flex items-center justify-between text-xs text-brand-100">
            <span>3 / 10</span>
            <span className="rounded-full bg-white/15 px-2 py-0.5">02:00</span>
          </div>
        </div>
      </div>
    </div>
  );
}

function Hero({ data }: { data: HomeData }) {
  const t = useT();
  const root = useRootData();
  const locale = useLocale();
  const signedIn = Boolean(root?.profile);
  return (
    <section className="bg-gradient-to-b from-brand-50/70 to-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            {t("landing.heroTitle")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">{t("landing.heroText")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink
              to={signedIn ? "/dashboard" : "/auth/sign-up"}
              size="large"
              theme="secondary"
            >
              {signedIn ? t("nav.dashboard") : t("landing.ctaPrimary")}
            </ButtonLink>
            <ButtonLink to="#how-it-works" size="large" theme="white">
              {t("landing.ctaSecondary")}
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("landing.ctaNote")}</p>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
            <Stars value={data.rating.value} />
            <span>
              {t("landing.rating", {
                rating: data.rating.value.toLocaleString(locale.iso, {
                  minimumFractionDigits: 1,
                }),
                count: data.rating.count,
              })}
            </span>
          </p>
        </div>
        <HeroScreen />
      </div>
    </section>
  );
}

function Facts({ data }: { data: HomeData }) {
  const t = useT();
  const locale = useLocale();
  const n = (value: number) => value.toLocaleString(locale.iso);
  const facts = [
    [n(data.counts.allExercisesCount), t("landing.facts.exercises")],
    [n(data.counts.allMaterialsCount), t("landing.facts.materials")],
    ["A1–C2", t("landing.facts.levels")],
    [n(data.counts.freeExercisesCount), t("landing.facts.free")],
  ] as const;
  return (
    <section aria-label={t("landing.facts.label")} className="border-y border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4">
        {facts.map(([value, label]) => (
          <div key={label} className="flex flex-col text-center">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="order-first text-3xl font-extrabold text-brand-700">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function HowItWorks() {
  const t = useT();
  const steps = [1, 2, 3] as const;
  return (
    <section id="how-it-works" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <h2 className="text-3xl font-bold tracking-tight text-ink">{t("landing.how.title")}</h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t("landing.how.intro")}</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step) => (
            <li key={step} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                {step}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">
                {t(`landing.how.step${step}Title`)}
              </h3>
              <p className="mt-2 text-slate-700">{t(`landing.how.step${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Samples({ samples }: { samples: SampleExercise[] }) {
  const t = useT();
  const root = useRootData();
  const signedIn = Boolean(root?.profile);
  const locale = useLocale();
  if (samples.length === 0) return null;
  return (
    <section aria-labelledby="samples-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <h2 id="samples-title" className="text-3xl font-bold tracking-tight text-ink">
          {t("landing.samples.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t("landing.samples.intro")}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {samples.map((s) => (
            <li
              key={s.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <LevelBadge level={s.level as CefrLevel} />
                <span>{t(dataKey(`library.type.${s.type}`))}</span>
                <span aria-hidden="true">·</span>
                <span>{t("library.minutes", { count: s.durationMinutes })}</span>
              </div>
              <h3 className="mt-3 text-lg font-semibold text-ink" lang="en" dir="ltr">
                {s.title}
              </h3>
              <p className="mt-2 text-sm text-slate-700" lang="en" dir="ltr">
                {s.summary}
              </p>
              <ul
                className="mt-4 space-y-2 border-s-2 border-brand-200 ps-3 text-sm text-slate-800"
                lang="en"
                dir="ltr"
              >
                {s.preview.map((line) => (
                  <li key={line} className="line-clamp-3">
                    {line}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-5">
                <ButtonLink
                  to={
                    signedIn
                      ? localizePath(`/dashboard/exercises/${s.id}`, locale.code)
                      : "/auth/sign-up"
                  }
                  theme="primary"
                  size="medium"
                >
                  {signedIn ? t("landing.samples.open") : t("landing.samples.try")}
                  <span className="sr-only">: {s.title}</span>
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Audiences() {
  const t = useT();
  const locale = useLocale();
  const cards = [
    { key: "schools", to: localizePath("/schools", locale.code) },
    { key: "tutors", to: localizePath("/tutors", locale.code) },
  ] as const;
  return (
    <section aria-labelledby="audiences-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="audiences-title" className="text-3xl font-bold tracking-tight text-ink">
          {t("landing.audiences.title")}
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {cards.map((card) => (
            <Link
              key={card.key}
              to={card.to}
              className="group rounded-2xl border border-slate-200 p-6 transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <h3 className="text-lg font-semibold text-ink group-hover:text-brand-700">
                {t(`landing.audiences.${card.key}Title`)}
              </h3>
              <p className="mt-2 text-slate-700">{t(`landing.audiences.${card.key}Text`)}</p>
              <span className="mt-4 inline-block font-semibold text-brand-700">
                {t("landing.audiences.more")}{" "}
                <span aria-hidden="true" className="inline-block rtl:rotate-180">
                  →
                </span>
              </span>
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

function Pricing({ currency }: { currency: Currency }) {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const signedIn = Boolean(root?.profile);
  const fmtLocale = locale.iso;
  const price = (amount: number) => formatPrice(amount, currency, fmtLocale);
  const premiumTo = signedIn ? "/dashboard/membership" : "/auth/sign-up";
  const plans = [
    {
      key: "free",
      name: t("landing.pricing.freeName"),
      price: price(0),
      per: t("landing.pricing.forever"),
      features: FREE_FEATURES.map((key) => t(key)),
      cta: t("landing.ctaPrimary"),
      to: signedIn ? "/dashboard" : "/auth/sign-up",
      featured: false,
    },
    {
      key: "month",
      name: t("landing.pricing.monthlyName"),
      price: price(PRICES[currency].month),
      per: t("landing.pricing.perMonth"),
      features: PREMIUM_FEATURES.map((key) => t(key)),
      cta: t("landing.pricing.choose"),
      to: premiumTo,
      featured: false,
    },
    {
      key: "year",
      name: t("landing.pricing.yearlyName"),
      price: price(PRICES[currency].year),
      per: t("landing.pricing.perYear"),
      badge: t("landing.pricing.save", { percent: yearlySavingPercent(currency) }),
      features: PREMIUM_FEATURES.map((key) => t(key)),
      cta: t("landing.pricing.choose"),
      to: premiumTo,
      featured: true,
    },
  ];
  return (
    <section id="pricing" className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-3xl font-bold tracking-tight text-ink">
              {t("landing.pricing.title")}
            </h2>
            <p className="mt-3 max-w-2xl text-slate-700">{t("landing.pricing.intro")}</p>
          </div>
          <CurrencySwitcher
            current={currency}
            hash="#pricing"
            className="self-start sm:self-auto"
          />
        </div>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.key}
              className={cx(
                "relative flex flex-col rounded-2xl border bg-white p-6",
                plan.featured
                  ? "border-brand-600 shadow-lg ring-1 ring-brand-600"
                  : "border-slate-200",
              )}
            >
              <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
              {plan.badge ? (
                <span className="absolute end-6 top-6 rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-800">
                  {plan.badge}
                </span>
              ) : null}
              <p className="mt-4">
                {/* Left to right even in Arabic and Hebrew, so "US$" is not reordered into "$US". */}
                <bdi dir="ltr" className="text-4xl font-extrabold text-ink">
                  {plan.price}
                </bdi>{" "}
                <span className="text-slate-600">{plan.per}</span>
              </p>
              <ul className="mt-6 space-y-2 text-slate-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span aria-hidden="true" className="text-emerald-600">
                      ✓
                    </span>
                    <span>{f}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <ButtonLink
                  to={plan.to}
                  theme={plan.featured ? "secondary" : "white"}
                  size="medium"
                  className="w-full justify-center"
                >
                  {plan.cta}
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-600">{t("landing.pricing.note")}</p>
      </div>
    </section>
  );
}

function FaqExcerpt({ items }: { items: FaqItem[] }) {
  const t = useT();
  const locale = useLocale();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="faq-title" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:py-20">
        <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-ink">
          {t("landing.faq.title")}
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {items.map((item) => (
            <details key={item.slug} className="group p-5" {...contentLang(item.locale)}>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink">
                {item.question}
                <span aria-hidden="true" className="text-brand-700 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <div
                className="prose-parley mt-3 text-slate-700"
                dangerouslySetInnerHTML={{ __html: item.body }}
              />
            </details>
          ))}
        </div>
        <p className="mt-6">
          <Link
            to={localizePath("/faq", locale.code)}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t("landing.faq.all")}
          </Link>
        </p>
      </div>
    </section>
  );
}

function FinalCta() {
  const t = useT();
  const root = useRootData();
  const signedIn = Boolean(root?.profile);
  return (
    <section className="bg-brand-800">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-2xl font-bold text-white">{t("landing.final.title")}</h2>
          <p className="mt-2 text-brand-100">{t("landing.final.text")}</p>
        </div>
        <ButtonLink to={signedIn ? "/dashboard" : "/auth/sign-up"} size="large" theme="secondary">
          {signedIn ? t("nav.dashboard") : t("landing.ctaPrimary")}
        </ButtonLink>
      </div>
    </section>
  );
}

export function Home({ data }: { data: HomeData }) {
  const t = useT();
  const root = useRootData();
  const origin = root?.env.appOrigin ?? "";
  const app = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Parley",
    applicationCategory: "EducationalApplication",
    operatingSystem: "Web",
    url: `${origin}/`,
    description: t("landing.metaDescription"),
    publisher: { "@id": `${origin}/#organization` },
    offers: [
      { "@type": "Offer", price: "0", priceCurrency: "USD", name: t("landing.pricing.freeName") },
      {
        "@type": "Offer",
        price: String(PRICES[data.currency].month),
        priceCurrency: data.currency,
        name: t("landing.pricing.monthlyName"),
      },
      {
        "@type": "Offer",
        price: String(PRICES[data.currency].year),
        priceCurrency: data.currency,
        name: t("landing.pricing.yearlyName"),
      },
    ],
    // Structured data claims only what real, published reviews say; the configured public
    // rating of spec §9 is shown on the page but is not offered to search engines as reviews.
    ...(data.rating.source === "reviews"
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: data.rating.value,
            ratingCount: data.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return (
    <>
      <Seo title={t("landing.metaTitle")} description={t("landing.metaDescription")} />
      <JsonLd data={organizationJsonLd(origin, root?.env.supportEmail ?? "")} />
      <JsonLd data={app} />
      <Hero data={data} />
      <Facts data={data} />
      <HowItWorks />
      <Samples samples={data.samples} />
      <Audiences />
      <Pricing currency={data.currency} />
      <FaqExcerpt items={data.faq} />
      <FinalCta />
    </>
  );
}
