// Written by scripts/render-avatars.mjs from art/avatars/: run it again, do not edit.

/** The folder of the avatar pictures, named by their content (cached by browsers for a year). */
export const AVATAR_IMAGES_DIR = "/images/avatars/75b6390794";

/** How many pictures there are: {n}.png, {n}@2x.png and {n}@3x.png for n = 1..12. */
export const AVATAR_PICTURES = 12;

/** The size the pictures are drawn for, in CSS pixels (the 2x and 3x files are larger). */
export const AVATAR_DISPLAY_PX = 40;
