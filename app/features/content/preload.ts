import type { CollectionName } from "./collections";

/** The meta tag carrying each collection's version (see root.tsx). */
export const VERSIONS_META = "parley-content";

/**
 * Starts loading local copies of the given collections once the page has painted and the
 * browser is idle. The query runtime (and sql.js) is fetched only then, so pages that read
 * no content pay nothing for it.
 */
export function preloadCollections(collections: readonly CollectionName[]): void {
  if (typeof WebAssembly !== "object" || collections.length === 0) return;
  const start = () => {
    void import("./client").then(({ loadCollection, pageContentVersions }) => {
      const versions = pageContentVersions();
      for (const c of collections) loadCollection(c, versions[c]).catch(() => undefined);
    });
  };
  const idle = (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
  const later = () => (idle ? idle(start) : window.setTimeout(start, 200));
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
