import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { subscribe as onLiveEvent } from "~/features/notifications";
import { useT } from "~/lib/i18n/react";
import { SUPPORT_MESSAGE_MAX } from "./limits";
import { MessageBubble } from "./message-bubble";
import type { MessageKey } from "~/lib/i18n/translate";

interface Message {
  id: string;
  author: "user" | "staff";
  body: string;
  createdAt: string;
}

/**
 * The signed-in user's conversation with the Parley team, inside the support panel: the
 * messages so far, a box to write, and replies arriving live (event "support").
 */
export function SupportConversation() {
  const t = useT();
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [sending, setSending] = useState(false);
  const [text, setText] = useState("");
  const end = useRef<HTMLLIElement>(null);

  // Reloaded when a reply arrives on the live stream.
  const [version, setVersion] = useState(0);
  useEffect(() => onLiveEvent("support", () => setVersion((v) => v + 1)), []);
  useEffect(() => {
    let current = true;
    fetch("/api/support", { headers: { accept: "application/json" } })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ messages: Message[] }>)
          : Promise.reject(new Error(String(response.status))),
      )
      .then((body) => {
        if (current) setMessages(body.messages);
      })
      .catch(() => {
        if (current) setError("support.error.load");
      });
    return () => {
      current = false;
    };
  }, [version]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [messages]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) {
      setError("support.error.empty");
      return;
    }
    setSending(true);
    setError(null);
    try {
      const response = await fetch("/api/support", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ body }),
      });
      if (response.status === 201) {
        const { message } = (await response.json()) as { message: Message };
        setMessages((list) => [...(list ?? []), message]);
        setText("");
      } else
        setError(
          response.status === 429
            ? "support.error.tooMany"
            : response.status === 400
              ? "support.error.empty"
              : "support.error.send",
        );
    } catch {
      setError("support.error.send");
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="support-conversation" className="space-y-3">
      <h3 id="support-conversation" className="text-sm font-semibold text-ink">
        {t("support.conversation")}
      </h3>
      {messages === null && !error ? (
        <p className="text-sm text-slate-600">{t("support.loading")}</p>
      ) : messages?.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">{t("support.empty")}</p>
      ) : (
        <ol
          className="max-h-72 space-y-2 overflow-y-auto rounded-xl bg-slate-50 p-3"
          aria-live="polite"
          data-testid="support-messages"
        >
          {(messages ?? []).map((m) => (
            <MessageBubble
              key={m.id}
              ref={m === messages?.[messages.length - 1] ? end : undefined}
              body={m.body}
              createdAt={m.createdAt}
              from={m.author === "user" ? t("support.you") : t("support.team")}
              own={m.author === "user"}
              compact
            />
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void send(event)} className="space-y-2">
        <TextAreaField
          label={t("support.messageLabel")}
          name="body"
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error ? t(error) : undefined}
        />
        <Button type="submit" loading={sending}>
          {t("support.send")}
        </Button>
      </form>
    </section>
  );
}
