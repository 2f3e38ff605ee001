import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect server, for the app started with
 * `GOOGLE_OAUTH_URL` pointing here (as the Stripe stand-in is for `STRIPE_API_URL`). It
 * answers what better-auth's Google provider uses:
 *
 * - `GET /o/oauth2/v2/auth`: the consent screen. It checks the request (client, redirect
 *   address, PKCE challenge, scopes) and, as a person pressing "Continue" would, sends the
 *   browser back to the redirect address with a one-time code and the state.
 * - `POST /token`: exchanges the code, checking the client secret, the redirect address and
 *   the PKCE verifier, and answers tokens with an RS256-signed ID token for the account.
 *
 * The provider reads the profile from the ID token, so there is no userinfo endpoint.
 */

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | null;
  account: GoogleAccount;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string[];
  state: string;
  codeChallengeMethod: string | null;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}

export class GoogleStandIn {
  /** The account whose owner "signs in" at the next consent screen. */
  account: GoogleAccount;
  readonly authorizations: AuthorizationRequest[] = [];
  /** Token exchanges answered (`ok`) or refused, in order. */
  readonly tokenRequests: { ok: boolean; error?: string }[] = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  private readonly kid = base64url(randomBytes(8));
  private server: http.Server | null = null;
  url = "";

  constructor(
    private readonly client: { id: string; secret: string },
    account: GoogleAccount,
  ) {
    this.account = account;
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return this.consent(url, res);
    if (req.method === "POST" && url.pathname === "/token") return this.token(req, res);
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "not_found" }));
  }

  private consent(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const request: AuthorizationRequest = {
      clientId: q.get("client_id") ?? "",
      redirectUri: q.get("redirect_uri") ?? "",
      scope: (q.get("scope") ?? "").split(" ").filter(Boolean),
      state: q.get("state") ?? "",
      codeChallengeMethod: q.get("code_challenge_method"),
    };
    this.authorizations.push(request);
    const problem =
      q.get("response_type") !== "code"
        ? "response_type must be code"
        : request.clientId !== this.client.id
          ? "unknown client_id"
          : !request.redirectUri
            ? "redirect_uri is missing"
            : !request.state
              ? "state is missing"
              : request.codeChallengeMethod !== "S256" || !q.get("code_challenge")
                ? "a PKCE S256 code_challenge is required"
                : !["openid", "email"].every((s) => request.scope.includes(s))
                  ? "scope must include openid and email"
                  : null;
    if (problem) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`Error 400: ${problem}`);
      return;
    }
    const code = `4/${base64url(randomBytes(24))}`;
    this.codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: q.get("code_challenge") ?? "",
      scope: request.scope.join(" "),
      nonce: q.get("nonce"),
      account: { ...this.account },
    });
    const back = new URL(request.redirectUri);
    back.searchParams.set("state", request.state);
    back.searchParams.set("code", code);
    back.searchParams.set("scope", request.scope.join(" "));
    res.writeHead(302, { location: back.toString() }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const refuse = (error: string, description: string) => {
      this.tokenRequests.push({ ok: false, error: description });
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error, error_description: description }));
    };
    let clientId = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (basic) {
      const [id, pass] = Buffer.from(basic, "base64").toString().split(":");
      clientId = decodeURIComponent(id ?? "");
      secret = decodeURIComponent(pass ?? "");
    }
    if (clientId !== this.client.id || secret !== this.client.secret)
      return refuse("invalid_client", "The OAuth client was not found.");
    if (form.get("grant_type") !== "authorization_code")
      return refuse("unsupported_grant_type", "Only authorization_code is supported.");
    const code = form.get("code") ?? "";
    const pending = this.codes.get(code);
    // A code is good for one exchange, whatever its outcome.
    this.codes.delete(code);
    if (!pending || pending.clientId !== clientId)
      return refuse("invalid_grant", "Malformed auth code.");
    if (form.get("redirect_uri") !== pending.redirectUri)
      return refuse("redirect_uri_mismatch", "Bad Request");
    const verifier = form.get("code_verifier") ?? "";
    if (base64url(createHash("sha256").update(verifier).digest()) !== pending.codeChallenge)
      return refuse("invalid_grant", "Missing code verifier.");
    this.tokenRequests.push({ ok: true });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        access_token: `ya29.${base64url(randomBytes(24))}`,
        expires_in: 3599,
        scope: pending.scope,
        token_type: "Bearer",
        id_token: this.idToken(pending),
      }),
    );
  }

  private idToken(pending: PendingCode): string {
    const now = Math.floor(Date.now() / 1000);
    const { account } = pending;
    const header = { alg: "RS256", kid: this.kid, typ: "JWT" };
    const payload = {
      iss: "https://accounts.google.com",
      azp: pending.clientId,
      aud: pending.clientId,
      sub: account.sub,
      email: account.email,
      email_verified: account.email_verified,
      name: account.name ?? [account.given_name, account.family_name].filter(Boolean).join(" "),
      given_name: account.given_name,
      family_name: account.family_name,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
      iat: now,
      exp: now + 3600,
    };
    const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    const signature = createSign("RSA-SHA256").update(signingInput).sign(this.keys.privateKey);
    return `${signingInput}.${base64url(signature)}`;
  }
}
