/**
 * The parts of the better-auth configuration that shape database tables. Shared by the
 * runtime configuration and by `npm run db:auth-schema`, which regenerates
 * db/schema/auth.ts with the better-auth CLI.
 */
export const authSchemaOptions = {
  user: {
    additionalFields: {
      firstName: { type: "string", required: true, input: true },
      lastName: { type: "string", required: true, input: true },
      classId: { type: "string", required: false, input: false },
      marketingNewsletterAcceptedAt: { type: "date", required: false, input: true },
      appNewsletterAcceptedAt: { type: "date", required: false, input: true },
    },
  },
  session: {
    additionalFields: {},
  },
} as const;
