import type { ReactNode } from "react";
import { OverlayHost } from "~/components/ui/overlay-host";
import { TooltipProvider } from "~/components/ui/tooltip";
import { SupportHost } from "~/features/support/support-panel";
import { useT } from "~/lib/i18n/react";
import { useRootData } from "./root-data";

/** What every layout carries: tooltips, the overlay stack and the support panel. */
export function AppChrome({ children }: { children: ReactNode }) {
  const t = useT();
  const root = useRootData();
  return (
    <TooltipProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      {children}
      <OverlayHost closeLabel={t("common.close")} />
      <SupportHost supportEmail={root?.env.supportEmail ?? "support@parley.example"} />
    </TooltipProvider>
  );
}
