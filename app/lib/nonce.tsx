import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** The per-request CSP nonce, provided on the server; empty in the browser. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
