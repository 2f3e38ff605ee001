import { useEffect, useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import type { ProfileView } from "~/features/account/profile.server";
import {
  AVATAR_DISPLAY_PX,
  AVATAR_IMAGES_DIR,
  AVATAR_PICTURES,
} from "~/features/account/avatar-images";

// The initials' circle, when there is no picture: each shade keeps the white initials at WCAG
// AA contrast (4.5:1).
const AVATAR_COLORS = [
  "bg-brand-600",
  "bg-accent-700",
  "bg-emerald-700",
  "bg-violet-600",
  "bg-sky-700",
  "bg-rose-600",
];

/** The picture files of an avatar number, or null when it has none. */
export function avatarPicture(avatar: number): { src: string; srcSet: string } | null {
  if (!Number.isInteger(avatar) || avatar < 1 || avatar > AVATAR_PICTURES) return null;
  const base = `${AVATAR_IMAGES_DIR}/${avatar}`;
  return { src: `${base}.png`, srcSet: `${base}@2x.png 2x, ${base}@3x.png 3x` };
}

/**
 * A user's avatar (spec §3): the picture chosen by number, at 1x, 2x or 3x as the screen
 * needs, or the initials in a coloured circle when the number has no picture or the picture
 * does not load. Decorative: whatever holds it (the menu trigger, a picker option) carries
 * the name.
 */
export function Avatar({
  profile,
  className,
}: {
  profile: Pick<ProfileView, "initials" | "avatar" | "firstName">;
  className?: string;
}) {
  const picture = avatarPicture(profile.avatar);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // A picture that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailedSrc(img.getAttribute("src"));
  }, [picture?.src]);

  if (picture && failedSrc !== picture.src) {
    return (
      <img
        ref={image}
        src={picture.src}
        srcSet={picture.srcSet}
        alt=""
        width={AVATAR_DISPLAY_PX}
        height={AVATAR_DISPLAY_PX}
        className={cx("inline-block size-10 shrink-0 rounded-full", className)}
        onError={() => setFailedSrc(picture.src)}
      />
    );
  }
  const color = AVATAR_COLORS[(Math.max(1, profile.avatar || 1) - 1) % AVATAR_COLORS.length];
  return (
    <span
      className={cx(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white",
        color,
        className,
      )}
      aria-hidden="true"
    >
      {profile.initials || profile.firstName.slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
