import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { resumeInterruptedNavigation } from "~/shell/module-reload";
import { loadMessages, type I18nBootstrap } from "~/lib/i18n/client";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";

function readBootstrap(): I18nBootstrap {
  const raw = document.querySelector('meta[name="parley-i18n"]')?.getAttribute("content");
  try {
    if (raw) return JSON.parse(raw) as I18nBootstrap;
  } catch {
    // Fall through to English.
  }
  return { locale: "en", hash: "", fallbackHash: "" };
}

async function hydrate() {
  const { locale, messages } = await loadMessages(readBootstrap());
  const store = new I18nStore(locale, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider store={store}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

// A route module that failed to load made React Router reload the page being left; go on to
// where the user was going instead of showing it again (spec §8).
if (!resumeInterruptedNavigation()) void hydrate();
