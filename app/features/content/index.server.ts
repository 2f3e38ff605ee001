// The content feature's public module (server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export { anonymousViewer, contentStore } from "./store.server";
export { contentSources } from "./store.server";
export { documentsIn, readDocument } from "./edits.server";
export {
  deleteDocumentForm,
  documentNotice,
  saveDocumentForm,
  type DocumentEditor,
} from "./document-editor.server";
