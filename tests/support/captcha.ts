import type { Challenge } from "altcha-lib";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { HttpSession } from "./http-session";

/** Solves the app's proof-of-work captcha as the browser does; answers the form field's value. */
export async function solvedCaptcha(client: HttpSession): Promise<string> {
  const response = await client.get("/api/captcha/challenge");
  if (!response.ok) throw new Error(`captcha challenge: HTTP ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the captcha challenge could not be solved");
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}
