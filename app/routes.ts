import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/public/landing.tsx", { id: "home" }),
  route("api/client-errors", "routes/api/client-errors.ts", { id: "api-ce" }),
  route("*", "routes/not-found.tsx", { id: "404" }),
] satisfies RouteConfig;
