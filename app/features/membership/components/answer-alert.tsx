import { Alert } from "~/components/ui/alert";
import { useT } from "~/lib/i18n/react";
import type { answerMessage } from "./membership-forms";

/** A membership form's answer where the form shows it: green when done, red when not. */
export function AnswerAlert({ message }: { message: ReturnType<typeof answerMessage> }) {
  const t = useT();
  if (!message) return null;
  return <Alert tone={message.ok ? "success" : "error"}>{t(message.key, message.values)}</Alert>;
}
