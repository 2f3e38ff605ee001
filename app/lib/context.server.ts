import { createContext, type RouterContextProvider } from "react-router";
import type { Logger } from "./log.server";
import type { Services } from "./services.server";

export interface RequestInfo {
  requestId: string;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  clientIp: string;
  log: Logger;
}

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();

export type ContextReader = Pick<RouterContextProvider, "get">;

export function getServices(context: ContextReader): Services {
  return context.get(servicesContext);
}

export function getRequestInfo(context: ContextReader): RequestInfo {
  return context.get(requestContext);
}
