import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Lazy route discovery keeps the client manifest small even with 45 × localized routes.
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  future: {
    v8_middleware: true,
  },
} satisfies Config;
