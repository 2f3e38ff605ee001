import { cx } from "~/components/ui/cx";
import type { SetPicture } from "../schema";

/**
 * Pictures of the bundled set (issue 17 item 1), from /pictures/<name>.svg, side by side and
 * wrapping. "large": a story card on the class screen (about 190 px on a laptop, two to a row
 * on a phone, never wider than the card); "small": beside a prompt or in the teacher notes
 * (72 px). Each has its English alt text and a fixed size, so nothing jumps as they load.
 */
export function SetPictures({
  pictures,
  size,
  className,
  testId,
}: {
  pictures: SetPicture[];
  size: "large" | "small";
  className?: string;
  testId?: string;
}) {
  if (pictures.length === 0) return null;
  const px = size === "large" ? 192 : 72;
  return (
    <ul
      lang="en"
      className={cx("flex flex-wrap", size === "large" ? "gap-3" : "gap-2", className)}
      data-testid={testId}
    >
      {pictures.map((picture, i) => (
        <li
          key={`${picture.name}-${i}`}
          className={cx(
            "rounded-2xl bg-slate-50 ring-1 ring-slate-200 print:bg-white",
            size === "large"
              ? "w-[min(clamp(10rem,15vw,13rem),calc(50%_-_0.375rem))] p-3"
              : "size-18 shrink-0 p-1.5",
          )}
        >
          <img
            src={`/pictures/${picture.name}.svg`}
            alt={picture.alt}
            width={px}
            height={px}
            loading="lazy"
            decoding="async"
            className="block aspect-square h-auto w-full"
          />
        </li>
      ))}
    </ul>
  );
}
