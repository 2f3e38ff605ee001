import { Alert } from "~/components/ui/alert";
import { answerMessage, type FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";

/**
 * An action's answer where the form shows it (the one answer shape, app/lib/forms.ts): the
 * notice in green when done, the form's message in red when not; nothing for no answer.
 */
export function AnswerAlert({
  answer,
  message = answerMessage(answer),
  className,
}: {
  answer?: FormAnswer | null;
  message?: ReturnType<typeof answerMessage>;
  className?: string;
}) {
  const t = useT();
  if (!message) return null;
  return (
    <Alert tone={message.ok ? "success" : "error"} className={className}>
      {t(message.key, message.values)}
    </Alert>
  );
}
