import { useCallback } from "react";
import { useLocale } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";

/**
 * The address of an exercise page in the interface's language: /dashboard/exercises/{id} is a
 * localized route, so without the prefix a Polish or Arabic teacher would land in English.
 */
export function useExerciseHref(): (id: string) => string {
  const { code } = useLocale();
  return useCallback((id: string) => localizePath(`/dashboard/exercises/${id}`, code), [code]);
}
