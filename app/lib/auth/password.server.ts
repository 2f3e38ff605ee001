import argon2 from "argon2";
import commonPasswordsText from "./common-passwords.txt?raw";

/**
 * OWASP ASVS v5 password storage: argon2id with 19 MiB of memory and 2 iterations (the
 * appendix C minimum), one lane.
 */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

const COMMON_PASSWORDS = new Set(
  commonPasswordsText
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

/** True for the 3,000 most common passwords (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
