/**
 * A class's join link as students open it: the app's public origin (PUBLIC_APP_ORIGIN, as in
 * mails) and /c/{code}.
 */
export function joinUrl(origin: string, code: string): string {
  return `${origin}/c/${code}`;
}
