import { lazy, Suspense, useState, type ReactNode } from "react";
import { useOverlayEntries } from "~/components/ui/overlay-stack";
import { SupportHost } from "~/features/support/support-panel";
import { useT } from "~/lib/i18n/react";
import { useRootData } from "~/features/site/root-data";

// Dialogs and side panels (Radix) load the first time something opens one, so public
// pages do not pay for them up front.
const OverlayHost = lazy(() =>
  import("~/components/ui/overlay-host").then((m) => ({ default: m.OverlayHost })),
);

function LazyOverlayHost({ closeLabel }: { closeLabel: string }) {
  const entries = useOverlayEntries();
  const [needed, setNeeded] = useState(false);
  if (!needed && entries.length > 0) setNeeded(true);
  if (!needed && entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHost closeLabel={closeLabel} />
    </Suspense>
  );
}

/** What every layout carries: the skip link, the overlay stack and the support panel. */
export function AppChrome({ children }: { children: ReactNode }) {
  const t = useT();
  const root = useRootData();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      {children}
      <LazyOverlayHost closeLabel={t("common.close")} />
      <SupportHost supportEmail={root?.env.supportEmail ?? ""} signedIn={Boolean(root?.profile)} />
    </>
  );
}
