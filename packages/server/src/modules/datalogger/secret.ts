import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The MQTT password of a datalogger (protocol.md): 192 random bits, shown once at registration.
 * Random secrets need no slow password hash; a SHA-256 is stored, like session tokens, which also
 * keeps importing 10,000 dataloggers fast.
 */
export const newDeviceSecret = () => randomBytes(24).toString('base64url');
export const hashDeviceSecret = (secret: string) => hash('sha256', secret);

export function deviceSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
