import { useEffect } from "react";
import { Link } from "react-router";
import { overlays } from "~/components/ui/overlay-stack";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";
import { supportChat, useSupportChatOpen } from "./chat-store";
import { SupportConversation } from "./conversation";

function SupportPanelContent({
  supportEmail,
  signedIn,
}: {
  supportEmail: string;
  signedIn: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-5 text-slate-700">
      <p>{t("support.intro")}</p>
      {signedIn ? <SupportConversation /> : null}
      <a
        href={`mailto:${supportEmail}`}
        className="flex items-center justify-between rounded-xl border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50"
      >
        <span>
          <span className="block text-sm font-semibold text-ink">{t("support.emailUs")}</span>
          <span className="block text-brand-700">{supportEmail}</span>
        </span>
        <span aria-hidden="true">→</span>
      </a>
      <p className="text-sm">{t("support.responseTime")}</p>
      <p className="text-sm">
        {t("support.faqHint")}{" "}
        <Link
          to={localizePath("/faq", locale.code)}
          onClick={() => supportChat.close()}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t("nav.faq")}
        </Link>
      </p>
    </div>
  );
}

/**
 * Shows the support panel whenever something asks the chat to open (a button, the
 * landing page's contact link, `?chat` in the address). Signed-in users write to the team
 * right there; everyone can use email.
 */
export function SupportHost({
  supportEmail,
  signedIn,
}: {
  supportEmail: string;
  signedIn: boolean;
}) {
  const t = useT();
  const open = useSupportChatOpen();
  useEffect(() => {
    if (!open) return;
    overlays.show({
      id: "support",
      kind: "panel",
      title: t("support.title"),
      render: () => <SupportPanelContent supportEmail={supportEmail} signedIn={signedIn} />,
      onClose: () => supportChat.close(),
    });
  }, [open, supportEmail, signedIn, t]);
  return null;
}
