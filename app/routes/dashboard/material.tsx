import { useEffect, useRef, type RefObject } from "react";
import {
  data,
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunctionArgs,
  href,
} from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/material";
import { Button, ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { CalendarIcon, ClockIcon, LockIcon, PlayIcon, PrintIcon } from "~/components/ui/icons";
import { AccessBadges, LevelBadge } from "~/features/library/components/badges";
import { FavoriteButton } from "~/features/library/components/favorite-button";
import { ProjectorExit, useProjector } from "~/features/library/components/projector";
import { viewerFor } from "~/features/library/library.server";
import { materialForViewer } from "~/features/library/materials.server";
import { AddToLessonPanel, type AddToLessonAnswer } from "~/features/lessons/add-to-lesson";
import { addItem, getLesson, lessonsToAddMaterial } from "~/features/lessons/lessons.server";
import { listStudents } from "~/features/students/students.server";
import { getUser, isAdmin, requireUser } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { renderMarkdown } from "~/lib/content/markdown";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { foundOr404, notFound } from "~/lib/not-found";
import { ENGLISH } from "~/lib/i18n/locales";
import { useLocale, useT } from "~/lib/i18n/react";
import { LibraryPicture } from "~/features/library/components/library-picture";
import { DownloadPanel } from "~/components/download-panel";

export const handle = { dashboard: true };

/**
 * A material's page: its printable body (sent only to viewers who may open it), the star,
 * Present (a full-screen reading view for the projector), Print, and Add to lesson
 * (`?add=lesson`: the teacher's upcoming lessons, or a new lesson that starts with it).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const viewer = await viewerFor(services.db, getUser(context), services.clock.now());
  // An administrator previews drafts and scheduled materials from the admin panel's editor.
  const preview = isAdmin(user) && new URL(request.url).searchParams.has("preview");
  const material = foundOr404(
    await materialForViewer(services.db, params.id, viewer, viewer.now, preview),
    request,
  );
  const adding = new URL(request.url).searchParams.get("add") === "lesson";
  const [lessons, students] = adding
    ? await Promise.all([
        lessonsToAddMaterial(services, user.id, material.id),
        listStudents(services, user.id),
      ])
    : [[], []];
  return {
    material: {
      ...material,
      body: undefined,
      html: material.body ? renderMarkdown(material.body) : null,
    },
    addToLesson: adding
      ? {
          lessons: lessons.map((l) => ({
            id: l.id,
            title: l.title,
            startsAt: l.startsAt,
            studentName: l.studentName,
            hasMaterial: l.hasMaterial,
          })),
          students: students.map(({ id, name }) => ({ id, name })),
        }
      : null,
  };
}

const AddToLessonSchema = z.object({
  intent: z.literal("add-to-lesson"),
  lessonId: z.string().min(1).max(100),
});

/**
 * Adds the material at the end of one of the teacher's lessons: 404 for a lesson that is not
 * theirs (or an unknown material), 409 when the plan holds it already.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = AddToLessonSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("lessons", "invalid");
  const { lessonId } = parsed.data;
  const added = await addItem(services, user.id, lessonId, {
    kind: "material",
    materialId: params.id,
  });
  if (added === "already") return refuse("lessons", "already");
  const lesson = added ? await getLesson(services, user.id, lessonId) : null;
  if (!lesson) notFound(request);
  return data<AddToLessonAnswer>({
    ...formDone("materials.added", { title: lesson.title }),
    lessonId,
  });
}

/** Starring the material does not reload the page. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/api/favorites" ? false : defaultShouldRevalidate;
}

/**
 * The material's body, and the same body projected: the whole screen (or window), type that
 * grows with the screen, the title and an exit control. The stage takes focus so a clicker's
 * PageDown scrolls the text.
 */
function MaterialStage({
  title,
  html,
  stage,
  projector,
}: {
  title: string;
  html: string;
  stage: RefObject<HTMLDivElement | null>;
  projector: ReturnType<typeof useProjector>;
}) {
  const locale = useLocale();
  useEffect(() => {
    if (projector.on) stage.current?.focus();
  }, [projector.on, stage]);
  return (
    <div
      ref={stage}
      tabIndex={-1}
      className={cx(
        "bg-white focus:outline-none",
        projector.on ? "fixed inset-0 z-50 overflow-y-auto p-[3vw] print:static" : "mt-6",
      )}
      data-projector={projector.on || undefined}
    >
      <div
        className={cx(projector.on && "mx-auto max-w-[48em] text-[clamp(1.125rem,1.8vw,2.5rem)]")}
      >
        {projector.on ? (
          <div
            dir={locale.dir}
            className="mb-[2vh] flex flex-wrap items-center justify-between gap-4 text-[0.75em]"
            data-testid="projector-bar"
          >
            <p className="min-w-0 font-bold text-ink" {...ENGLISH}>
              {title}
            </p>
            <ProjectorExit onExit={projector.leave} />
          </div>
        ) : null}
        <div
          className={cx(
            "prose-parley",
            !projector.on && "rounded-2xl border border-slate-200 p-6 print:border-0 print:p-0",
          )}
          {...ENGLISH}
          data-testid="material-body"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </div>
  );
}

export default function MaterialPage() {
  const t = useT();
  const { material, addToLesson } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Present projects the body (Escape or the exit control leave; focus returns to Present).
  const stage = useRef<HTMLDivElement>(null);
  const projector = useProjector(stage);
  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${material.title} · Parley`}</title>
      <p className="print:hidden">
        <Link
          to={href("/dashboard/materials")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          ← {t("materials.back")}
        </Link>
      </p>
      <header className="mt-3 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <LevelBadge level={material.level} />
            <span className="text-sm uppercase tracking-wide text-slate-600">
              {t(`materials.typeName.${material.type}`)}
            </span>
            <span className="inline-flex items-center gap-1 text-sm text-slate-600">
              <ClockIcon className="size-4" />
              {t("library.minutes", { count: material.durationMinutes })}
            </span>
            <AccessBadges isFree={material.isFree} locked={material.locked} />
          </div>
          <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">
            <bdi lang="en" dir="ltr">
              {material.title}
            </bdi>
          </h1>
          <p className="mt-1 text-slate-600">
            <bdi lang="en" dir="ltr">
              {material.summary}
            </bdi>
          </p>
          <LibraryPicture picture={material.picture} testId="material-picture" />
        </div>
        <div className="shrink-0 print:hidden">
          <FavoriteButton
            kind="material"
            id={material.id}
            favorite={material.favorite}
            title={material.title}
            large
          />
        </div>
      </header>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        {material.html ? (
          <>
            <Button
              icon={<PlayIcon className="size-4" />}
              onClick={projector.enter}
              data-testid="present"
            >
              {t("materials.present")}
            </Button>
            <Button
              theme="white"
              icon={<PrintIcon className="size-4" />}
              onClick={() => window.print()}
            >
              {t("presenter.print")}
            </Button>
            <DownloadPanel
              action={href("/dashboard/materials/:id/pdf", { id: material.id })}
              pdfs={[{ part: "material", label: t("download.pdf") }]}
              size="medium"
            />
          </>
        ) : null}
        <ButtonLink
          to={addToLesson ? "?" : "?add=lesson"}
          preventScrollReset
          theme="white"
          icon={<CalendarIcon className="size-4" />}
          aria-expanded={Boolean(addToLesson)}
          aria-controls={addToLesson ? "add-to-lesson-panel" : undefined}
        >
          {t("materials.addToLesson")}
        </ButtonLink>
      </div>
      {addToLesson ? (
        <AddToLessonPanel
          materialId={material.id}
          lessons={addToLesson.lessons}
          students={addToLesson.students}
          answer={answer ?? undefined}
        />
      ) : null}
      {material.html ? (
        <MaterialStage
          title={material.title}
          html={material.html}
          stage={stage}
          projector={projector}
        />
      ) : (
        <div
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 text-center"
          data-testid="locked-material"
        >
          <LockIcon className="mx-auto size-8 text-brand-700" />
          <p className="mt-3 font-medium text-ink">{t("materials.lockedTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("presenter.lockedText")}</p>
          <ButtonLink to={href("/dashboard/membership")} theme="secondary" className="mt-5">
            {t("menu.goPremium")}
          </ButtonLink>
        </div>
      )}
    </article>
  );
}
