import { useState } from "react";
import { Form, href } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { ConfirmDeleteForm } from "~/components/confirm-delete-form";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import type { FieldErrors } from "~/lib/validation/messages";
import { CEFR_LEVELS, TOPICS } from "../vocabulary";
import {
  ChoiceGroup,
  LinesField,
  SaveBar,
  Section,
  SelectField,
  get,
  str,
  strings,
  useErrorOf,
  type Tree,
} from "./admin-editor";

/** Why the server refused an upload (its `code`), in the administrator's language. */
const UPLOAD_ERRORS = {
  size: "adminAudio.audioTooLarge",
  type: "adminAudio.audioType",
  empty: "adminAudio.audioEmpty",
  unreadable: "adminAudio.audioUnreadable",
  duration: "adminAudio.audioDuration",
} as const;

/**
 * Where the editor plays a track's audio: an uploaded file through the admins' media route
 * (it may not be saved yet), a bundled one through the track's own listening route.
 */
function previewSource(audio: string, trackId: string | null): string | null {
  if (audio.startsWith("/media/"))
    return href("/admin/media/:file", { file: audio.slice("/media/".length) });
  if (audio && trackId) return href("/dashboard/listening/:id/audio", { id: trackId });
  return null;
}

/**
 * The track's audio: an MP3, Ogg or M4A file sent to the media library as soon as it is
 * chosen (checked there for type, size and length), played here; its length fills the
 * duration field.
 */
function AudioField({
  tree,
  trackId,
  audioError,
  durationError,
}: {
  tree: Tree;
  trackId: string | null;
  audioError?: string;
  durationError?: string;
}) {
  const t = useT();
  const [audio, setAudio] = useState(str(get(tree, "record.audio")));
  const [seconds, setSeconds] = useState(str(get(tree, "record.durationSeconds")));
  const [state, setState] = useState<"idle" | "uploading">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const preview = previewSource(audio, audio === str(get(tree, "record.audio")) ? trackId : null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState("uploading");
    setFailure(null);
    const body = new FormData();
    body.set("kind", "audio");
    body.set("file", file);
    try {
      const answer = await fetch(href("/admin/media"), { method: "POST", body });
      if (!answer.ok) {
        const code = answer.headers.get("content-type")?.includes("json")
          ? ((await answer.json()) as { code?: string }).code
          : undefined;
        setFailure(
          t(
            code && code in UPLOAD_ERRORS
              ? UPLOAD_ERRORS[code as keyof typeof UPLOAD_ERRORS]
              : answer.status === 413
                ? "adminAudio.audioTooLarge"
                : "adminAudio.audioFailed",
          ),
        );
        return;
      }
      const stored = (await answer.json()) as { src: string; durationSeconds: number };
      setAudio(stored.src);
      setSeconds(String(stored.durationSeconds));
    } catch {
      setFailure(t("adminAudio.audioFailed"));
    } finally {
      setState("idle");
    }
  };
  return (
    <Section title={t("adminAudio.section.audio")}>
      <input type="hidden" name="record.audio" value={audio} />
      {preview ? (
        // The transcript below is the text of what is heard.
        <audio
          controls
          preload="metadata"
          src={preview}
          className="w-full"
          data-testid="audio-preview"
        />
      ) : (
        <p className="text-sm text-slate-600">{t("adminAudio.noAudio")}</p>
      )}
      <div>
        <label className="mb-1 block text-sm font-medium text-slate-800">
          {t("adminAudio.field.audioFile")}
          <input
            type="file"
            accept="audio/mpeg,audio/ogg,audio/mp4,.mp3,.ogg,.m4a"
            onChange={(event) => void upload(event.currentTarget.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          />
        </label>
        <p className="mt-1 text-sm text-slate-600">{t("adminAudio.audioHelp")}</p>
        <p className="mt-1 text-sm text-slate-600" role="status">
          {state === "uploading" ? t("adminLibrary.uploading") : null}
        </p>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-700" data-testid="audio-failure">
            {failure}
          </p>
        ) : null}
        {audioError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {audioError}
          </p>
        ) : null}
      </div>
      <TextField
        label={t("adminAudio.field.durationSeconds")}
        name="record.durationSeconds"
        type="number"
        inputMode="numeric"
        min={10}
        max={900}
        value={seconds}
        onChange={(event) => setSeconds(event.currentTarget.value)}
        hint={t("adminAudio.durationHelp")}
        error={durationError}
      />
    </Section>
  );
}

/** The listening-track editor: details, audio, transcript and questions, publication. */
export function TrackEditor({
  tree,
  errors,
  answer,
  mode,
}: {
  tree: Tree;
  errors: FieldErrors;
  answer?: FormAnswer;
  mode: "new" | "edit";
}) {
  const t = useT();
  const errorOf = useErrorOf(errors);
  const trackId = mode === "edit" ? str(get(tree, "slug")) : null;
  return (
    <Form method="post" noValidate className="grid gap-6">
      <AnswerAlert answer={answer} />
      <Section title={t("adminLibrary.section.basics")}>
        {mode === "new" ? (
          <TextField
            label={t("adminLibrary.field.slug")}
            name="slug"
            defaultValue={str(get(tree, "slug"))}
            hint={t("adminLibrary.slugHelp")}
            error={errorOf("slug")}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            maxLength={80}
            dir="ltr"
            autoComplete="off"
          />
        ) : null}
        <TextField
          label={t("adminLibrary.field.title")}
          name="record.title"
          defaultValue={str(get(tree, "record.title"))}
          error={errorOf("record.title")}
          maxLength={120}
          dir="ltr"
          lang="en"
        />
        <TextAreaField
          label={t("adminAudio.field.description")}
          name="record.description"
          defaultValue={str(get(tree, "record.description"))}
          error={errorOf("record.description")}
          maxLength={200}
          rows={3}
          dir="ltr"
          lang="en"
        />
        <SelectField
          label={t("adminLibrary.field.level")}
          name="record.level"
          options={CEFR_LEVELS}
          labelOf={(l) => l}
          value={str(get(tree, "record.level")) || "B1"}
          error={errorOf("record.level")}
        />
        <ChoiceGroup
          legend={t("adminAudio.field.topics")}
          name="record.topics"
          options={TOPICS}
          labelOf={(topic) => t(dataKey(`library.topic.${topic}`))}
          selected={strings(get(tree, "record.topics"))}
          error={errorOf("record.topics")}
          columns
        />
        <LinesField
          name="record.voices"
          label={t("adminAudio.field.voices")}
          value={strings(get(tree, "record.voices"))}
          error={errorOf("record.voices")}
          rows={2}
        />
      </Section>
      <AudioField
        tree={tree}
        trackId={trackId}
        audioError={errorOf("record.audio")}
        durationError={errorOf("record.durationSeconds")}
      />
      <Section title={t("adminAudio.section.transcript")}>
        <TextAreaField
          label={t("adminAudio.field.body")}
          name="body"
          defaultValue={str(get(tree, "body"))}
          hint={t("adminAudio.bodyHelp")}
          error={errorOf("body")}
          rows={20}
          className="font-mono"
          dir="ltr"
          lang="en"
        />
      </Section>
      <Section title={t("adminLibrary.section.publication")}>
        <TextField
          label={t("adminLibrary.field.publishedAt")}
          name="record.publishedAt"
          type="date"
          defaultValue={str(get(tree, "record.publishedAt")).slice(0, 10)}
          hint={t("adminAudio.publishedAtHelp")}
          error={errorOf("record.publishedAt")}
        />
        <CheckboxField
          label={t("adminAudio.field.isFree")}
          name="record.isFree"
          defaultChecked={
            get(tree, "record.isFree") === true || get(tree, "record.isFree") === "on"
          }
        />
      </Section>
      <SaveBar mode={mode} />
    </Form>
  );
}

/** Deleting a track, behind a confirmation box. */
export function DeleteTrack({ answer }: { answer?: FormAnswer }) {
  const t = useT();
  return (
    <ConfirmDeleteForm
      answer={answer}
      confirm={t("adminAudio.confirmDelete")}
      required={t("adminAudio.confirmDeleteRequired")}
      button={t("adminAudio.delete")}
    />
  );
}
