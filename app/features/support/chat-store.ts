import { useSyncExternalStore } from "react";

/**
 * Whether the support chat is open. Anything may ask it to open — the top bar, the
 * landing page's contact link, or a `?chat` query parameter on any page (spec §2.3).
 */
type Listener = () => void;
let open = false;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const supportChat = {
  open() {
    if (!open) {
      open = true;
      emit();
    }
  },
  close() {
    if (open) {
      open = false;
      emit();
    }
  },
  isOpen: () => open,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSupportChatOpen(): boolean {
  return useSyncExternalStore(supportChat.subscribe, supportChat.isOpen, () => false);
}

/** True when a URL's query asks for the chat (`?chat`, `?chat=1`, `?chat=open`). */
export function wantsChat(search: string): boolean {
  const value = new URLSearchParams(search).get("chat");
  return value !== null && value !== "0" && value !== "false";
}
