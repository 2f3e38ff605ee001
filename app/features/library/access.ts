/**
 * Who may open what (spec §4.1, §4.4): premium (personal, trial, promotion or school)
 * opens everything; everyone opens free items and temporary-free ones until their
 * freeExpiresAt. Admins open everything so that they can look after the library.
 */
export interface AccessibleItem {
  isFree: boolean;
  freeExpiresAt?: Date | string | null;
}

export interface Viewer {
  premium: boolean;
  admin: boolean;
}

function isTemporarilyFree(item: Pick<AccessibleItem, "freeExpiresAt">, now: Date): boolean {
  if (!item.freeExpiresAt) return false;
  return new Date(item.freeExpiresAt).getTime() > now.getTime();
}

export function canOpen(item: AccessibleItem, viewer: Viewer, now: Date): boolean {
  return viewer.premium || viewer.admin || item.isFree || isTemporarilyFree(item, now);
}
