import { useId, useState, type ReactNode } from "react";
import { Form, href, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import type { FormAnswer } from "~/lib/forms";
import { useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import type { FieldErrors } from "~/lib/validation/messages";
import { useExerciseHref } from "./exercise-href";
import {
  CONTENT_FIELDS,
  SHOW_PICTURES_FIELD,
  VOCABULARY_FIELD,
  type ContentField,
} from "../editor-form";
import { SKILL_FOCUS } from "../vocabulary";
import {
  AUDIENCES,
  CEFR_LEVELS,
  GROUPINGS,
  MATERIAL_TYPES,
  TOPICS,
  type ExerciseType,
} from "../vocabulary";

/**
 * The admin panel's editors (issue 15 item 1): an exercise of any of the nine types, and a
 * material. Every field is named by its path in the content-file record, so the server reads
 * the form with the content files' own schemas. Lists (questions, cards, pairs…) grow and
 * shrink in place; a box of lines takes one item per line.
 */

export type Tree = Record<string, unknown>;

export const get = (tree: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined,
      tree,
    );
export const str = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";
export const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The error of a field, or of an element of it ("…followUps.1"), translated. */
export function useErrorOf(errors: FieldErrors) {
  const message = useMessage();
  return (name: string, exactOnly = false): string | undefined => {
    const exact = errors[name];
    if (exact || exactOnly) return message(exact);
    const inner = Object.entries(errors).find(([path]) => path.startsWith(`${name}.`));
    return inner ? message(inner[1]) : undefined;
  };
}

type ErrorOf = ReturnType<typeof useErrorOf>;

const labelKey = (name: string) => dataKey(`adminLibrary.field.${name}`);

export function LinesField({
  name,
  label,
  value,
  error,
  rows = 4,
}: {
  name: string;
  label: string;
  value: string[];
  error?: string;
  rows?: number;
}) {
  const t = useT();
  return (
    <TextAreaField
      label={label}
      name={`${name}[]`}
      defaultValue={value.join("\n")}
      hint={t("adminLibrary.linesHelp")}
      error={error}
      rows={Math.max(rows, value.length + 1)}
      dir="ltr"
      lang="en"
    />
  );
}

export function ChoiceGroup({
  legend,
  name,
  options,
  labelOf,
  selected,
  error,
  columns = false,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  labelOf: (value: string) => string;
  selected: string[];
  error?: string;
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div
        className={
          columns ? "grid gap-2 sm:grid-cols-2 lg:grid-cols-3" : "flex flex-wrap gap-x-5 gap-y-2"
        }
      >
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={`${name}[]`}
              value={option}
              defaultChecked={selected.includes(option)}
              className="size-4 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function SelectField({
  label,
  name,
  options,
  labelOf,
  value,
  error,
}: {
  label: string;
  name: string;
  options: readonly string[];
  labelOf: (value: string) => string;
  value: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink"
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="grid gap-4">{children}</div>
    </section>
  );
}

/** A list of items that grows and shrinks in place; inputs are named by position. */
function ListField({
  field,
  path,
  initial,
  errorOf,
}: {
  field: Extract<ContentField, { kind: "list" }>;
  path: string;
  initial: unknown[];
  errorOf: ErrorOf;
}) {
  const t = useT();
  // Keys stay with an item when another is removed; names follow the position.
  const [items, setItems] = useState(() =>
    Array.from({ length: Math.max(initial.length, field.min) }, (_, key) => ({
      key,
      value: initial[key] ?? {},
    })),
  );
  const add = () =>
    setItems((all) => [...all, { key: Math.max(-1, ...all.map((x) => x.key)) + 1, value: {} }]);
  // The list's own error (too few, too many), not one of its items'.
  const listError = errorOf(path, true);
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold text-ink">{t(labelKey(field.name))}</legend>
      <p className="-mt-2 text-sm text-slate-600">
        {t("adminLibrary.listHelp", { min: field.min, max: field.max })}
      </p>
      {items.map((item, i) => (
        <fieldset key={item.key} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-700">
            {t("adminLibrary.itemLegend", { n: i + 1 })}
          </legend>
          <div className="grid gap-3">
            {field.fields.map((inner) => (
              <ContentInput
                key={inner.name}
                field={inner}
                path={`${path}.${i}.${inner.name}`}
                tree={{ value: item.value }}
                valuePath={`value.${inner.name}`}
                errorOf={errorOf}
              />
            ))}
          </div>
          {items.length > field.min ? (
            <Button
              type="button"
              theme="white"
              size="small"
              className="mt-3"
              onClick={() => setItems((all) => all.filter((x) => x.key !== item.key))}
            >
              {t("adminLibrary.removeItem", { n: i + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {items.length < field.max ? (
        <div>
          <Button type="button" theme="white" size="small" onClick={add}>
            {t("adminLibrary.addItem")}
          </Button>
        </div>
      ) : null}
      {listError ? <p className="text-sm font-medium text-red-700">{listError}</p> : null}
    </fieldset>
  );
}

/** One field of a type's content, named `path`, its value read at `valuePath` in `tree`. */
function ContentInput({
  field,
  path,
  tree,
  valuePath = path,
  errorOf,
}: {
  field: ContentField;
  path: string;
  tree: Tree;
  valuePath?: string;
  errorOf: ErrorOf;
}) {
  const t = useT();
  const label = t(labelKey(field.kind === "text" ? (field.label ?? field.name) : field.name));
  const value = get(tree, valuePath);
  switch (field.kind) {
    case "text":
      return field.long ? (
        <TextAreaField
          label={label}
          name={path}
          defaultValue={str(value)}
          error={errorOf(path)}
          rows={3}
          dir="ltr"
          lang="en"
        />
      ) : (
        <TextField
          label={label}
          name={path}
          defaultValue={str(value)}
          error={errorOf(path)}
          dir="ltr"
          lang="en"
        />
      );
    case "lines":
      return <LinesField name={path} label={label} value={strings(value)} error={errorOf(path)} />;
    case "group":
      return (
        <fieldset className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-700">{label}</legend>
          <div className="grid gap-3">
            {field.fields.map((inner) => (
              <ContentInput
                key={inner.name}
                field={inner}
                path={`${path}.${inner.name}`}
                tree={tree}
                valuePath={`${valuePath}.${inner.name}`}
                errorOf={errorOf}
              />
            ))}
          </div>
        </fieldset>
      );
    case "list":
      return (
        <ListField
          field={field}
          path={path}
          initial={Array.isArray(value) ? value : []}
          errorOf={errorOf}
        />
      );
  }
}

const UPLOAD_ERRORS: Record<number, "adminLibrary.pictureTooLarge" | "adminLibrary.pictureType"> = {
  413: "adminLibrary.pictureTooLarge",
  415: "adminLibrary.pictureType",
};

/**
 * The item's picture: a file sent to the media library as soon as it is chosen (resized
 * there), shown here, and the text that describes it (required with a picture).
 */
function PictureField({ tree, errorOf }: { tree: Tree; errorOf: ErrorOf }) {
  const t = useT();
  const [src, setSrc] = useState(str(get(tree, "record.picture.src")));
  const [state, setState] = useState<"idle" | "uploading" | "failed">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState("uploading");
    setFailure(null);
    const body = new FormData();
    body.set("file", file);
    try {
      const answer = await fetch(href("/admin/media"), { method: "POST", body });
      if (!answer.ok) {
        setFailure(t(UPLOAD_ERRORS[answer.status] ?? "adminLibrary.pictureFailed"));
        setState("failed");
        return;
      }
      setSrc(((await answer.json()) as { src: string }).src);
      setState("idle");
    } catch {
      setFailure(t("adminLibrary.pictureFailed"));
      setState("failed");
    }
  };
  return (
    <Section title={t("adminLibrary.section.picture")}>
      {src ? (
        <>
          <input type="hidden" name="record.picture.src" value={src} />
          <img
            src={src}
            alt=""
            className="max-h-60 w-auto max-w-full rounded-xl border border-slate-200 object-contain"
            data-testid="picture-preview"
          />
          <TextField
            label={t("adminLibrary.field.pictureAlt")}
            name="record.picture.alt"
            defaultValue={str(get(tree, "record.picture.alt"))}
            hint={t("adminLibrary.pictureAltHelp")}
            error={errorOf("record.picture.alt")}
            maxLength={200}
            dir="ltr"
            lang="en"
          />
        </>
      ) : null}
      <div>
        <label className="mb-1 block text-sm font-medium text-slate-800">
          {t("adminLibrary.field.pictureFile")}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => void upload(event.currentTarget.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
        </label>
        <p className="mt-1 text-sm text-slate-600" role="status">
          {state === "uploading" ? t("adminLibrary.uploading") : null}
        </p>
        {failure ? <p className="text-sm font-medium text-red-700">{failure}</p> : null}
      </div>
      {src ? (
        <div>
          <Button type="button" theme="white" size="small" onClick={() => setSrc("")}>
            {t("adminLibrary.removePicture")}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/** A listening track an exercise can go with (the editor's choice list). */
export interface ListeningChoice {
  id: string;
  title: string;
  level: string;
}

export interface EditorProps {
  /** What the fields show: the saved item, or what was typed when the server refused it. */
  tree: Tree;
  errors: FieldErrors;
  answer?: FormAnswer;
  /** "new": the slug can be chosen and the button creates; "edit": the slug is fixed. */
  mode: "new" | "edit";
}

export function SaveBar({ mode }: { mode: "new" | "edit" }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" name="intent" value="save" loading={busy}>
        {mode === "new" ? t("adminLibrary.create") : t("adminLibrary.save")}
      </Button>
    </div>
  );
}

function PublicationFields({
  tree,
  errorOf,
  exercise,
}: {
  tree: Tree;
  errorOf: ErrorOf;
  exercise: boolean;
}) {
  const t = useT();
  return (
    <Section title={t("adminLibrary.section.publication")}>
      <SelectField
        label={t("adminLibrary.field.status")}
        name="status"
        options={["draft", "published"]}
        labelOf={(s) => t(dataKey(`adminLibrary.status.${s}`))}
        value={str(get(tree, "status")) || "draft"}
        error={errorOf("status")}
      />
      <TextField
        label={t("adminLibrary.field.publishedAt")}
        name="record.publishedAt"
        type="date"
        defaultValue={str(get(tree, "record.publishedAt"))}
        hint={t("adminLibrary.publishedAtHelp")}
        error={errorOf("record.publishedAt")}
      />
      <CheckboxField
        label={t("adminLibrary.field.isFree")}
        name="record.isFree"
        defaultChecked={get(tree, "record.isFree") === true || get(tree, "record.isFree") === "on"}
      />
      {exercise ? (
        <>
          <CheckboxField
            label={t("adminLibrary.field.isFresh")}
            name="isFresh"
            defaultChecked={get(tree, "isFresh") === true || get(tree, "isFresh") === "on"}
          />
          <TextField
            label={t("adminLibrary.field.freeUntil")}
            name="freeUntil"
            type="date"
            defaultValue={str(get(tree, "freeUntil"))}
            hint={t("adminLibrary.freeUntilHelp")}
            error={errorOf("freeUntil")}
          />
        </>
      ) : null}
    </Section>
  );
}

function BasicsFields({
  tree,
  errorOf,
  mode,
  children,
}: {
  tree: Tree;
  errorOf: ErrorOf;
  mode: "new" | "edit";
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Section title={t("adminLibrary.section.basics")}>
      {mode === "new" ? (
        <TextField
          label={t("adminLibrary.field.slug")}
          name="record.slug"
          defaultValue={str(get(tree, "record.slug"))}
          hint={t("adminLibrary.slugHelp")}
          error={errorOf("record.slug")}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={80}
          dir="ltr"
          autoComplete="off"
        />
      ) : (
        <input type="hidden" name="record.slug" value={str(get(tree, "record.slug"))} />
      )}
      <TextField
        label={t("adminLibrary.field.title")}
        name="record.title"
        defaultValue={str(get(tree, "record.title"))}
        error={errorOf("record.title")}
        maxLength={90}
        dir="ltr"
        lang="en"
      />
      <TextAreaField
        label={t("adminLibrary.field.summary")}
        name="record.summary"
        defaultValue={str(get(tree, "record.summary"))}
        error={errorOf("record.summary")}
        maxLength={280}
        rows={3}
        dir="ltr"
        lang="en"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("adminLibrary.field.level")}
          name="record.level"
          options={CEFR_LEVELS}
          labelOf={(l) => l}
          value={str(get(tree, "record.level")) || "B1"}
          error={errorOf("record.level")}
        />
        <TextField
          label={t("adminLibrary.field.durationMinutes")}
          name="record.durationMinutes"
          type="number"
          inputMode="numeric"
          min={5}
          max={120}
          defaultValue={str(get(tree, "record.durationMinutes"))}
          error={errorOf("record.durationMinutes")}
        />
      </div>
      {children}
      <ChoiceGroup
        legend={t("adminLibrary.field.topics")}
        name="record.topics"
        options={TOPICS}
        labelOf={(topic) => t(dataKey(`library.topic.${topic}`))}
        selected={strings(get(tree, "record.topics"))}
        error={errorOf("record.topics")}
        columns
      />
    </Section>
  );
}

/** The exercise editor of one type. */
export function ExerciseEditor({
  tree,
  errors,
  answer,
  mode,
  type,
  tracks,
}: EditorProps & { type: ExerciseType; tracks: ListeningChoice[] }) {
  const t = useT();
  const errorOf = useErrorOf(errors);
  return (
    <Form
      method="post"
      noValidate
      className="grid gap-6"
      aria-label={t(dataKey(`library.type.${type}`))}
    >
      <AnswerAlert answer={answer} />
      <input type="hidden" name="record.content.type" value={type} />
      <BasicsFields tree={tree} errorOf={errorOf} mode={mode}>
        <ChoiceGroup
          legend={t("adminLibrary.field.skillFocus")}
          name="record.skillFocus"
          options={SKILL_FOCUS}
          labelOf={(s) => t(dataKey(`library.skill.${s}`))}
          selected={strings(get(tree, "record.skillFocus"))}
          error={errorOf("record.skillFocus")}
        />
        <ChoiceGroup
          legend={t("adminLibrary.field.grouping")}
          name="record.grouping"
          options={GROUPINGS}
          labelOf={(g) => t(dataKey(`library.grouping.${g}`))}
          selected={strings(get(tree, "record.grouping"))}
          error={errorOf("record.grouping")}
        />
        <ChoiceGroup
          legend={t("adminLibrary.field.audience")}
          name="record.audience"
          options={AUDIENCES}
          labelOf={(a) => t(dataKey(`library.audience.${a}`))}
          selected={strings(get(tree, "record.audience"))}
          error={errorOf("record.audience")}
        />
        <TextField
          label={t("adminLibrary.field.grammar")}
          name="record.languageFocus.grammar"
          defaultValue={str(get(tree, "record.languageFocus.grammar"))}
          error={errorOf("record.languageFocus.grammar")}
          dir="ltr"
          lang="en"
        />
        <LinesField
          name="record.languageFocus.functions"
          label={t("adminLibrary.field.functions")}
          value={strings(get(tree, "record.languageFocus.functions"))}
          error={errorOf("record.languageFocus.functions")}
          rows={2}
        />
        <TextField
          label={t("adminLibrary.field.vocabularyFocus")}
          name="record.languageFocus.vocabulary"
          defaultValue={str(get(tree, "record.languageFocus.vocabulary"))}
          error={errorOf("record.languageFocus.vocabulary")}
          dir="ltr"
          lang="en"
        />
      </BasicsFields>
      <Section title={t("adminLibrary.section.content")}>
        {CONTENT_FIELDS[type].map((field) => (
          <ContentInput
            key={field.name}
            field={field}
            path={`record.content.${field.name}`}
            tree={tree}
            errorOf={errorOf}
          />
        ))}
      </Section>
      <Section title={t("adminLibrary.section.notes")}>
        <TextAreaField
          label={t("adminLibrary.field.aim")}
          name="record.teacherNotes.aim"
          defaultValue={str(get(tree, "record.teacherNotes.aim"))}
          error={errorOf("record.teacherNotes.aim")}
          rows={2}
          dir="ltr"
          lang="en"
        />
        <LinesField
          name="record.teacherNotes.steps"
          label={t("adminLibrary.field.steps")}
          value={strings(get(tree, "record.teacherNotes.steps"))}
          error={errorOf("record.teacherNotes.steps")}
        />
        <LinesField
          name="record.teacherNotes.tips"
          label={t("adminLibrary.field.tips")}
          value={strings(get(tree, "record.teacherNotes.tips"))}
          error={errorOf("record.teacherNotes.tips")}
          rows={2}
        />
        <ContentInput
          field={SHOW_PICTURES_FIELD}
          path="record.showPictures"
          tree={tree}
          errorOf={errorOf}
        />
      </Section>
      <Section title={t("adminLibrary.section.vocabulary")}>
        <ContentInput
          field={VOCABULARY_FIELD}
          path="record.vocabulary"
          tree={tree}
          errorOf={errorOf}
        />
      </Section>
      <PictureField tree={tree} errorOf={errorOf} />
      <Section title={t("adminLibrary.section.listening")}>
        <SelectField
          label={t("adminLibrary.field.listening")}
          name="record.listening"
          options={["", ...tracks.map((track) => track.id)]}
          labelOf={(id) => {
            const track = tracks.find((candidate) => candidate.id === id);
            return track ? `${track.level} · ${track.title}` : t("adminLibrary.noListening");
          }}
          value={str(get(tree, "record.listening"))}
          error={errorOf("record.listening")}
        />
      </Section>
      <PublicationFields tree={tree} errorOf={errorOf} exercise />
      <SaveBar mode={mode} />
    </Form>
  );
}

/** The material editor: front matter and the Markdown body. */
export function MaterialEditor({ tree, errors, answer, mode }: EditorProps) {
  const t = useT();
  const errorOf = useErrorOf(errors);
  return (
    <Form method="post" noValidate className="grid gap-6">
      <AnswerAlert answer={answer} />
      <BasicsFields tree={tree} errorOf={errorOf} mode={mode}>
        <SelectField
          label={t("adminLibrary.field.type")}
          name="record.type"
          options={MATERIAL_TYPES}
          labelOf={(m) => t(dataKey(`materials.typeName.${m}`))}
          value={str(get(tree, "record.type")) || "worksheet"}
          error={errorOf("record.type")}
        />
      </BasicsFields>
      <Section title={t("adminLibrary.section.content")}>
        <TextAreaField
          label={t("adminLibrary.field.body")}
          name="body"
          defaultValue={str(get(tree, "body"))}
          hint={t("adminLibrary.bodyHelp")}
          error={errorOf("body")}
          rows={20}
          className="font-mono"
          dir="ltr"
          lang="en"
        />
      </Section>
      <PictureField tree={tree} errorOf={errorOf} />
      <PublicationFields tree={tree} errorOf={errorOf} exercise={false} />
      <SaveBar mode={mode} />
    </Form>
  );
}

export interface RevisionItem {
  id: number;
  action: string;
  actorEmail: string;
  createdAt: string;
  changes: { path: string; before: string; after: string }[];
}

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/** The item's history: who changed what and when, each version restorable. */
export function RevisionHistory({ revisions }: { revisions: RevisionItem[] }) {
  const t = useT();
  return (
    <Section title={t("adminLibrary.revisions")}>
      {revisions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("adminLibrary.revisionsNone")}</p>
      ) : (
        <ol className="grid gap-4">
          {revisions.map((r, i) => (
            <li
              key={r.id}
              className="rounded-xl border border-slate-200 p-3"
              data-testid="revision"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-semibold text-ink">
                    {t(dataKey(`adminLibrary.action.${r.action}`))}
                  </span>{" "}
                  <span className="text-slate-600">
                    {t("adminLibrary.revisionBy", { who: r.actorEmail })} ·{" "}
                    <LocalDateTime value={r.createdAt} />
                  </span>
                </p>
                {i > 0 && r.action !== "delete" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revision" value={r.id} />
                    <Button type="submit" theme="white" size="small">
                      {t("adminLibrary.restoreDeleted")}
                    </Button>
                  </Form>
                ) : null}
              </div>
              {r.changes.length > 0 ? (
                <div className="mt-2 overflow-x-auto">
                  <table className="w-full text-start text-sm">
                    <thead>
                      <tr className="text-slate-600">
                        <th scope="col" className="pe-3 text-start font-medium">
                          {t("adminLibrary.changed")}
                        </th>
                        <th scope="col" className="pe-3 text-start font-medium">
                          {t("adminLibrary.before")}
                        </th>
                        <th scope="col" className="text-start font-medium">
                          {t("adminLibrary.after")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.changes.map((c) => (
                        <tr key={c.path} className="align-top">
                          <td className="pe-3 font-mono text-xs break-all" dir="ltr">
                            {c.path}
                          </td>
                          <td className="pe-3 break-words text-red-800" dir="ltr" lang="en">
                            {clip(c.before)}
                          </td>
                          <td className="break-words text-green-800" dir="ltr" lang="en">
                            {clip(c.after)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** Preview, publish or unpublish, duplicate, delete (with a confirmation). */
export function EditorActions({
  kind,
  id,
  status,
}: {
  kind: "exercise" | "material";
  id: string;
  status: string;
}) {
  const t = useT();
  const exerciseHref = useExerciseHref();
  const preview =
    kind === "exercise"
      ? `${exerciseHref(id)}?preview=1`
      : `${href("/dashboard/materials/:id", { id })}?preview=1`;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ButtonLink to={preview} theme="white">
        {t("adminLibrary.preview")}
      </ButtonLink>
      <Form method="post">
        <input type="hidden" name="intent" value={status === "draft" ? "publish" : "unpublish"} />
        <Button type="submit" theme={status === "draft" ? "primary" : "white"}>
          {status === "draft" ? t("adminLibrary.publish") : t("adminLibrary.unpublish")}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <Button type="submit" theme="white">
          {t("adminLibrary.duplicate")}
        </Button>
      </Form>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="confirm" required className="size-4 accent-brand-700" />
          {t("adminLibrary.confirmDelete")}
        </label>
        <Button type="submit" theme="danger">
          {t("adminLibrary.delete")}
        </Button>
      </Form>
    </div>
  );
}
