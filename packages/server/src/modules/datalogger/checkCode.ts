import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH } from '@sunstack/shared';
import type { AttemptLimit } from '../../core/attempts.ts';
import type { DataloggerRepo } from './repo.ts';

/**
 * The check code printed on a datalogger's label beside its SN: the first 40 bits of an
 * HMAC-SHA256 of the SN under the installation's label key (table platform_secret), in 8 symbols.
 * The platform computes it for any SN, so nothing per datalogger is stored; without the key it
 * cannot be told from the SN, so binding a datalogger takes its label, not a guess of its SN.
 */
export function checkCodeOf(labelKey: string, sn: string): string {
  const mac = createHmac('sha256', labelKey).update(sn).digest();
  let code = '';
  // 32 symbols: five bits of each byte.
  for (let i = 0; i < CHECK_CODE_LENGTH; i++) code += CHECK_CODE_ALPHABET[(mac[i] as number) % CHECK_CODE_ALPHABET.length];
  return code;
}

/** Whether `typed` (already normalised by the shared schema) is the SN's code, compared in constant time. */
export function checkCodeMatches(labelKey: string, sn: string, typed: string): boolean {
  const expected = Buffer.from(checkCodeOf(labelKey, sn));
  const given = Buffer.from(typed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Guessing check codes: per account and per address, over an hour; only calls with a wrong code count. */
export function checkCodeGuessLimits(accountId: number, ip: string): AttemptLimit[] {
  return [
    { key: `checkCode:account:${accountId}`, max: 10, windowMs: 3_600_000 },
    { key: `checkCode:address:${ip}`, max: 30, windowMs: 3_600_000 },
  ];
}

/** The installation's labels: the key is read once, on first use. */
export function createDataloggerLabels(repo: Pick<DataloggerRepo, 'labelKey'>) {
  let key: Promise<string> | undefined;
  const labelKey = () => {
    key ??= repo.labelKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    codeOf: async (sn: string) => checkCodeOf(await labelKey(), sn),
    matches: async (sn: string, typed: string) => checkCodeMatches(await labelKey(), sn, typed),
  };
}
export type DataloggerLabels = ReturnType<typeof createDataloggerLabels>;
