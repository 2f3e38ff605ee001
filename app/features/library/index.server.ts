// The library feature's public module (server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { accountAccess, exerciseForViewer, resourceCounts, viewerFor } from "./library.server";
export type { ExerciseView, LibraryViewer } from "./library.server";
export { addExerciseSlides, newDeck, plainSlide, textStyles } from "./slides-pptx.server";
export { findMaterials, materialForViewer } from "./materials.server";
export { searchExercises } from "./search.server";
export { exerciseVisible, materialVisible } from "./visibility.server";
