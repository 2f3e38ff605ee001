import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@db": fileURLToPath(new URL("./db", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  build: {
    // The server bundle's entry is our own server module, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
    // The server bundle maps back to app/ and server/ sources (coverage of the integration
    // suite, readable stack traces with --enable-source-maps); browsers get no maps.
    sourcemap: isSsrBuild,
    assetsInlineLimit: 0,
  },
  plugins: [tailwindcss(), reactRouter()],
}));
