// The lessons feature's public module (browser and server): other features import it only from
// here (ESLint enforces it); everything else in the folder is the feature's own.
export { LibraryPicker } from "./library-picker";
