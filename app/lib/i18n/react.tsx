import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { getLocale, type LocaleEntry } from "./locales";
import { createTranslator, type Messages, type Translate } from "./translate";

interface I18nSnapshot {
  locale: string;
  messages: Messages;
}

/**
 * Holds the active locale and its messages. Created once per render on the server and
 * once per page load in the browser; a client-side navigation into another language
 * swaps the messages in place.
 */
export class I18nStore {
  private snapshot: I18nSnapshot;
  private listeners = new Set<() => void>();

  constructor(locale: string, messages: Messages) {
    this.snapshot = { locale, messages };
  }

  getSnapshot = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(locale: string, messages: Messages) {
    this.snapshot = { locale, messages };
    for (const listener of this.listeners) listener();
  }
}

interface I18nValue {
  locale: LocaleEntry;
  t: Translate;
  store: I18nStore;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ store, children }: { store: I18nStore; children: ReactNode }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const value = useMemo<I18nValue>(
    () => ({
      locale: getLocale(snapshot.locale),
      t: createTranslator(snapshot.locale, snapshot.messages),
      store,
    }),
    [snapshot, store],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useT/useLocale must be used inside <I18nProvider>");
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}

export function useLocale(): LocaleEntry {
  return useI18n().locale;
}

export function useI18nStore(): I18nStore {
  return useI18n().store;
}
