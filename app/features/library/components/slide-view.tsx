import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { useT } from "~/lib/i18n/react";
import type { Slide } from "../slides";
import { SetPictures } from "./set-pictures";

/** English exercise text, like the prompts it leads: not an interface string. */
const FIND_SOMEONE_WHO_LEAD = "Find someone who";

function Counter({ index, total, label }: { index: number; total: number; label: string }) {
  return (
    <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 print:text-slate-600">
      {label} {index} / {total}
    </p>
  );
}

function BulletList({ items, large }: { items: ReactNode[]; large: boolean }) {
  return (
    <ul className={cx("mt-4 space-y-2", large ? "text-[clamp(1.1rem,2.2vw,1.9rem)]" : "text-base")}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span
            className="mt-[0.55em] size-2 shrink-0 rounded-full bg-accent-500"
            aria-hidden="true"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One card of an exercise. `large` is the class-screen size (type grows with the screen);
 * otherwise it reads like a page (overview and print).
 */
export function SlideView({ slide, large = false }: { slide: Slide; large?: boolean }) {
  const t = useT();
  const main = large ? "text-[clamp(1.6rem,4vw,3.4rem)] leading-tight" : "text-xl leading-snug";
  const heading = cx("font-bold text-ink", large ? "text-[clamp(1.3rem,2.6vw,2.2rem)]" : "text-lg");
  const follow = cx("text-slate-700", large ? "text-[clamp(1.05rem,2vw,1.7rem)]" : "text-base");

  switch (slide.kind) {
    case "vocabulary":
      return (
        <div>
          <h2 className={heading}>{t("presenter.vocabulary")}</h2>
          <dl
            className={cx(
              "mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2",
              large ? "text-[clamp(1rem,1.8vw,1.5rem)]" : "text-base",
            )}
          >
            {slide.items.map((v) => (
              <div key={v.term}>
                <dt className="font-semibold text-ink">{v.term}</dt>
                <dd className="text-slate-600">{v.definition}</dd>
              </div>
            ))}
          </dl>
        </div>
      );
    case "question":
      return (
        <div>
          <Counter index={slide.index} total={slide.total} label={t("presenter.question")} />
          <p className={cx("mt-3 font-semibold text-ink", main)}>{slide.text}</p>
          {slide.followUps.length ? <BulletList items={slide.followUps} large={large} /> : null}
        </div>
      );
    case "setting":
      return (
        <div>
          <h2 className={heading}>{t("presenter.setting")}</h2>
          <p className={cx("mt-3", follow)}>{slide.text}</p>
        </div>
      );
    case "role":
      return (
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">
            {t("presenter.roleCard", { card: slide.card })}
          </p>
          <h2 className={cx("mt-2", heading)}>{slide.role}</h2>
          <p className={cx("mt-3", follow)}>{slide.situation}</p>
          <BulletList items={slide.tasks} large={large} />
        </div>
      );
    case "language":
      return (
        <div>
          <h2 className={heading}>{t("presenter.usefulLanguage")}</h2>
          <BulletList items={slide.items.map((item) => `“${item}”`)} large={large} />
        </div>
      );
    case "motion":
      return (
        <div className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">
            {t("presenter.motion")}
          </p>
          <p className={cx("mt-4 font-bold text-ink", main)}>{slide.text}</p>
        </div>
      );
    case "arguments":
      return (
        <div>
          <h2 className={cx(heading, slide.side === "for" ? "text-emerald-700" : "text-red-700")}>
            {slide.side === "for" ? t("presenter.for") : t("presenter.against")}
          </h2>
          <BulletList items={slide.items} large={large} />
        </div>
      );
    case "taboo":
      return (
        <div className="text-center">
          <Counter index={slide.index} total={slide.total} label={t("presenter.card")} />
          <p
            className={cx(
              "mt-4 font-extrabold uppercase tracking-wide text-brand-800",
              large ? "text-[clamp(2.2rem,7vw,5.5rem)]" : "text-3xl",
            )}
          >
            {slide.word}
          </p>
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-red-700">
            {t("presenter.dontSay")}
          </p>
          <ul
            className={cx(
              "mt-2 flex flex-wrap justify-center gap-2",
              large ? "text-[clamp(1.1rem,2.4vw,2rem)]" : "text-base",
            )}
          >
            {slide.forbidden.map((word) => (
              <li
                key={word}
                className="rounded-lg bg-red-50 px-3 py-1 font-semibold text-red-800 line-through decoration-2"
              >
                {word}
              </li>
            ))}
          </ul>
        </div>
      );
    case "choice":
      return (
        <div>
          <Counter index={slide.index} total={slide.total} label={t("presenter.wouldYouRather")} />
          <div className="mt-4 grid items-center gap-4 md:grid-cols-[1fr_auto_1fr]">
            <p
              className={cx(
                "rounded-2xl bg-brand-50 p-5 font-semibold text-brand-900",
                large ? "text-[clamp(1.3rem,3vw,2.6rem)]" : "text-lg",
              )}
            >
              {slide.optionA}
            </p>
            <p className="text-center text-lg font-bold uppercase text-slate-600">
              {t("presenter.or")}
            </p>
            <p
              className={cx(
                "rounded-2xl bg-accent-100 p-5 font-semibold text-ink",
                large ? "text-[clamp(1.3rem,3vw,2.6rem)]" : "text-lg",
              )}
            >
              {slide.optionB}
            </p>
          </div>
          {slide.followUp ? <p className={cx("mt-5", follow)}>{slide.followUp}</p> : null}
        </div>
      );
    case "story":
      return (
        <div>
          <Counter index={slide.index} total={slide.total} label={t("presenter.story")} />
          {large ? (
            <>
              <p className={cx("mt-3 font-semibold text-ink", main)}>{slide.text}</p>
              <SetPictures
                pictures={slide.pictures}
                size="large"
                className="mt-5"
                testId="story-pictures"
              />
            </>
          ) : (
            // On a page, the scene's pictures stand beside its prompt (below it on a phone).
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
              <p className={cx("min-w-0 font-semibold text-ink sm:flex-1", main)}>{slide.text}</p>
              <SetPictures
                pictures={slide.pictures}
                size="small"
                className="shrink-0"
                testId="story-pictures"
              />
            </div>
          )}
          {slide.mustInclude.length ? (
            <>
              <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-slate-600">
                {t("presenter.mustInclude")}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {slide.mustInclude.map((w) => (
                  <li
                    key={w}
                    className={cx(
                      "rounded-lg bg-brand-50 px-3 py-1 font-medium text-brand-900",
                      large ? "text-[clamp(1rem,2vw,1.6rem)]" : "text-sm",
                    )}
                  >
                    {w}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      );
    case "scenario":
      return (
        <div>
          <h2 className={heading}>{t("presenter.scenario")}</h2>
          <p className={cx("mt-3", follow)}>{slide.text}</p>
        </div>
      );
    case "ranking":
      return (
        <div>
          <h2 className={heading}>{slide.task}</h2>
          <ol
            className={cx(
              "mt-4 grid gap-2 sm:grid-cols-2",
              large ? "text-[clamp(1rem,1.9vw,1.6rem)]" : "text-base",
            )}
          >
            {slide.items.map((item) => (
              <li key={item.name} className="rounded-xl border border-slate-200 p-3">
                <span className="font-semibold text-ink">{item.name}</span>
                {item.note ? <span className="block text-slate-600">{item.note}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      );
    case "discussion":
      return (
        <div>
          <h2 className={heading}>{t("presenter.discuss")}</h2>
          <BulletList items={slide.items} large={large} />
        </div>
      );
    case "statement":
      return (
        <div>
          <Counter index={slide.index} total={slide.total} label={t("presenter.statement")} />
          <p className={cx("mt-3 font-semibold text-ink", main)}>“{slide.text}”</p>
          <p className="mt-4 text-base font-semibold text-slate-600">
            {t("presenter.agreeOrDisagree")}
          </p>
          {slide.followUp ? <p className={cx("mt-2", follow)}>{slide.followUp}</p> : null}
        </div>
      );
    case "find":
      return (
        <div>
          <Counter index={slide.index} total={slide.total} label={t("presenter.findSomeoneWho")} />
          {/* The lead is part of the English prompt ("Find someone who can swim"), never a
              translated fragment joined to English words; the label above is translated. */}
          <p lang="en" dir="ltr" className={cx("mt-3 font-semibold text-ink", main)}>
            {FIND_SOMEONE_WHO_LEAD} {slide.text}
          </p>
          <p className={cx("mt-4", follow)}>{slide.followUp}</p>
        </div>
      );
  }
}
