// The library feature's public module (browser and server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { canOpen } from "./access";
export type { Viewer } from "./access";
export { LevelBadge } from "./components/badges";
export { useExerciseHref } from "./components/exercise-href";
export { LevelSelect } from "./components/level-select";
export { SlideView } from "./components/slide-view";
export { CEFR_LEVELS, SLUG_RE, TOPICS } from "./vocabulary";
export type { CefrLevel } from "./vocabulary";
export type { ExerciseContent } from "./schema";
export { parseMaterialParams, parseSearchParams } from "./search-params";
export { buildSlides, slideForKey } from "./slides";
export type { Slide } from "./slides";
