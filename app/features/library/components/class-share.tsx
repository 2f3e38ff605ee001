import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useFetcher, href } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n/react";
import type { FormAnswer } from "~/lib/forms";
import type { MessageKey } from "~/lib/i18n/translate";

export interface ShareableClass {
  id: string;
  name: string;
}

type Wanted =
  { intent: "present"; classId: string; card: number } | { intent: "stop"; classId: string };

/**
 * "Share with class" in presentation mode: the teacher picks one of their classes and every
 * student's /class/{id} page follows the card on the teacher's screen. Card changes go to the
 * server one at a time (the newest wins), so a quick run through the cards never leaves the
 * class on an older one.
 */
export function useClassShare(exerciseId: string, card: number) {
  const fetcher = useFetcher<FormAnswer | null>({ key: `class-share:${exerciseId}` });
  const [target, setTarget] = useState<ShareableClass | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const sent = useRef<string | null>(null);

  const wanted = useMemo<Wanted | null>(
    () =>
      target
        ? { intent: "present", classId: target.id, card }
        : stopped
          ? { intent: "stop", classId: stopped }
          : null,
    [target, stopped, card],
  );
  const wantedKey = wanted ? JSON.stringify(wanted) : null;

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const answer = fetcher.data;
    const refused = answer && "formError" in answer ? answer.formError?.key : undefined;
    if (refused && sent.current?.includes('"present"')) {
      // The server refused (exercise locked for this plan, class gone): stop following.
      sent.current = null;
      setError(refused);
      setTarget(null);
      return;
    }
    if (!wanted || wantedKey === sent.current) return;
    sent.current = wantedKey;
    const fields: Record<string, string> =
      wanted.intent === "present"
        ? { intent: "present", exerciseId, card: String(wanted.card) }
        : { intent: "stop" };
    void fetcher.submit(fields, {
      method: "post",
      action: href("/class/:id/live", { id: wanted.classId }),
    });
  }, [fetcher, wanted, wantedKey, exerciseId]);

  return {
    target,
    error,
    start: (cls: ShareableClass) => {
      setError(null);
      setStopped(null);
      setTarget(cls);
    },
    stop: () => {
      if (target) setStopped(target.id);
      setTarget(null);
    },
  };
}

export function ClassSharePanel({
  classes,
  share,
}: {
  classes: ShareableClass[];
  share: ReturnType<typeof useClassShare>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(classes[0]?.id ?? "");
  const panelId = useId();
  const selectId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  if (share.target)
    return (
      <div
        role="status"
        className="flex w-full flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm text-ink print:hidden"
        data-testid="class-share-live"
      >
        <span className="inline-flex items-center gap-2 font-medium">
          <span className="size-2.5 rounded-full bg-red-600" aria-hidden="true" />
          {t("presenter.shareLive", { name: share.target.name })}
        </span>
        <Link
          to={href("/class/:id", { id: share.target.id })}
          target="_blank"
          className="font-medium text-brand-700 underline"
        >
          {t("presenter.shareOpenClass")}
        </Link>
        <Button theme="white" size="small" className="ms-auto" onClick={share.stop}>
          {t("presenter.shareStop")}
        </Button>
      </div>
    );

  return (
    <div
      className="w-full print:hidden"
      onKeyDown={(event) => {
        // Esc closes the panel (and only the panel) and gives focus back to its button.
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <Button
        ref={toggle}
        theme="white"
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t("presenter.shareWithClass")}
      </Button>
      {share.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(share.error)}
        </p>
      ) : null}
      <div
        id={panelId}
        hidden={!open}
        className="mt-2 max-w-xl rounded-xl border border-slate-200 bg-white p-4 text-sm"
      >
        {classes.length === 0 ? (
          <p className="text-slate-700">
            {t("presenter.shareNoClasses")}{" "}
            <Link
              to={`${href("/dashboard/students")}#classes`}
              className="font-medium text-brand-700 underline"
            >
              {t("presenter.shareCreateClass")}
            </Link>
          </p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const cls = classes.find((c) => c.id === choice);
              if (cls) {
                share.start(cls);
                setOpen(false);
              }
            }}
          >
            <p className="w-full text-slate-700">{t("presenter.shareExplain")}</p>
            <label htmlFor={selectId} className="sr-only">
              {t("presenter.shareClass")}
            </label>
            <select
              id={selectId}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
              className="h-9 min-w-48 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <Button type="submit" size="small">
              {t("presenter.shareStart")}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
