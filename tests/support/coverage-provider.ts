import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "@vitest/coverage-v8";

/**
 * `npm run test:coverage`: @vitest/coverage-v8, plus one thing it cannot know. The integration
 * tests run the production bundle (build/server), which Node loads itself; V8 measures that
 * bundle as it ran. To map those figures back to app/ and server/, the provider must read the
 * bundle exactly as it is on disk with its source map (the build writes one for the server).
 * Left alone it would ask Vite to transform the bundle again, which shifts every offset, and
 * the per-file figures would land on the wrong lines and files.
 */

const BUNDLE = `${path.resolve("build/server")}${path.sep}`;

interface Transformed {
  code: string;
  map: unknown;
}
interface TransformingProvider {
  transformFile(url: string, ...rest: unknown[]): Promise<Transformed | null | undefined>;
}

async function bundleAsBuilt(filename: string): Promise<Transformed> {
  const code = await readFile(filename, "utf8");
  // Sources are relative to the map, which sits beside the file; the provider resolves them
  // against the bundle file's URL.
  const map: unknown = JSON.parse(await readFile(`${filename}.map`, "utf8"));
  return { code, map };
}

const provider: typeof v8 = {
  ...v8,
  async getProvider() {
    const loaded = await v8.getProvider();
    const transforming = loaded as unknown as TransformingProvider;
    const transform = transforming.transformFile.bind(loaded);
    transforming.transformFile = async (url, ...rest) => {
      const pathname = url.split("?")[0] ?? url;
      const filename = pathname.startsWith("file://") ? fileURLToPath(pathname) : pathname;
      if (filename.startsWith(BUNDLE) && filename.endsWith(".js")) return bundleAsBuilt(filename);
      return transform(url, ...rest);
    };
    return loaded;
  },
};

export default provider;
