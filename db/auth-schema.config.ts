// Input for the better-auth CLI only (npm run db:auth-schema); the app never imports it.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { authSchemaOptions } from "../app/lib/auth/schema-options";

export const auth = betterAuth({
  database: drizzleAdapter({} as never, { provider: "pg", usePlural: true }),
  emailAndPassword: { enabled: true },
  ...authSchemaOptions,
});
