import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes). `algorithm: 2` is
 * Algorithm.Argon2id, a const enum that isolated modules cannot import.
 */
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing anyone knows, so an unknown user costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
