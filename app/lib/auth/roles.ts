/** Role bit flags (spec §3): a user may hold several. */
export const ROLE = { UNKNOWN: 0, TEACHER: 1, STUDENT: 2, ADMIN: 4 } as const;

export function hasRole(role: number, bit: number): boolean {
  return bit !== 0 && (role & bit) === bit;
}
