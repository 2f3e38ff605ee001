import type { BetterAuthPlugin } from "better-auth";
import { validateAuthorizationCode, type OAuthProvider } from "better-auth/oauth2";

/** Where a Google-compatible server answers, under its base URL (`GOOGLE_OAUTH_URL`). */
const GOOGLE_STANDIN_PATHS = {
  authorize: "/o/oauth2/v2/auth",
  token: "/token",
} as const;

/**
 * better-auth's Google provider has Google's addresses built in. With `GOOGLE_OAUTH_URL`
 * set (tests and local stand-ins only), this plugin keeps the provider as it is — its
 * authorization parameters, PKCE, the profile read from the ID token — and only sends the
 * browser and the code exchange to that server instead.
 */
export function googleEndpointsAt(baseUrl: string): BetterAuthPlugin {
  const base = baseUrl.replace(/\/+$/, "");
  const moved = (provider: OAuthProvider): OAuthProvider => ({
    ...provider,
    async createAuthorizationURL(data) {
      const google = await provider.createAuthorizationURL(data);
      const url = new URL(`${base}${GOOGLE_STANDIN_PATHS.authorize}`);
      url.search = google.search;
      return url;
    },
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      validateAuthorizationCode({
        code,
        codeVerifier,
        redirectURI,
        options: provider.options ?? {},
        tokenEndpoint: `${base}${GOOGLE_STANDIN_PATHS.token}`,
      }),
  });
  return {
    id: "parley-google-endpoints",
    init(ctx) {
      return {
        context: {
          socialProviders: ctx.socialProviders.map((p) => (p.id === "google" ? moved(p) : p)),
        },
      };
    },
  };
}
