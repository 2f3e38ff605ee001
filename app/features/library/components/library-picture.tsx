import type { Picture } from "../schema";

/** An exercise's or a material's picture under its summary, described by its alt text. */
export function LibraryPicture({ picture, testId }: { picture: Picture | null; testId: string }) {
  if (!picture) return null;
  return (
    <img
      src={picture.src}
      alt={picture.alt}
      lang="en"
      className="mt-4 max-h-72 w-auto max-w-full rounded-2xl border border-slate-200 object-contain"
      data-testid={testId}
    />
  );
}
