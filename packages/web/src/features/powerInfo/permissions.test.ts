import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PERMISSION_SOURCES, PERMISSIONS } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import en from '../../locales/console/en.json' with { type: 'json' };
import { SWITCH_SECTIONS } from './permissions.ts';

const strings = en.powerInfo as unknown as Record<string, Record<string, Record<string, string> | string>>;
const label = (path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], strings);

describe('permission switches on the power info screen', () => {
  it('shows every switch of spec section 6 exactly once, in a titled section', () => {
    const shown = SWITCH_SECTIONS.flatMap((section) => section.switches);
    expect([...shown].sort()).toEqual([...PERMISSIONS].sort());
    for (const { section } of SWITCH_SECTIONS) expect(label(`switchSections.${section}`), section).toEqual(expect.any(String));
  });

  it('has a translated label for every switch (the locale test checks the other 11 languages have the same keys)', () => {
    for (const code of PERMISSIONS) expect(label(`switches.${code}`), code).toEqual(expect.any(String));
  });

  it('names every source a member can get its permissions from', () => {
    for (const source of PERMISSION_SOURCES) expect(label(`member.source.${source}`), source).toEqual(expect.any(String));
  });

  it('translates every validation message the power info contracts can answer', () => {
    const contract = readFileSync(fileURLToPath(new URL('../../../../shared/src/contracts/powerInfo.ts', import.meta.url)), 'utf8');
    const keys = [...contract.matchAll(/'powerInfo\.([a-zA-Z.]+)'/g)].map((match) => match[1] as string);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(label(key), key).toEqual(expect.any(String));
  });
});
