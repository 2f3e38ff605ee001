/** Letters and digits people can read aloud and type without confusion (no 0/O, 1/I/L). */
const READABLE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A random code from an alphabet (cryptographically random). */
export function randomCode(length: number, alphabet = READABLE_ALPHABET): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}
