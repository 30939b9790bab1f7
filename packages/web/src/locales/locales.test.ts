import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, ROUTES, VARIABLE_UNITS } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { BUILT_APP_ROUTES } from '../lib/screens.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const srcDir = join(here, '..');
const sharedSrc = join(here, '../../../shared/src');
/** The server's datalogger import answers keys of `import.*` (a spreadsheet's problems), which the dialog shows. */
const importSrc = join(here, '../../../server/src/modules/datalogger');

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const readSet = (set: 'core' | 'console', language: string) =>
  flatten(JSON.parse(readFileSync(join(here, set, `${language}.json`), 'utf8')) as Tree);
/** A language's strings, both sets together (they share one namespace). */
const load = (language: string) => new Map([...readSet('core', language), ...readSet('console', language)]);
const core = new Map(readSet('core', 'en'));

const en = load('en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of en, none empty, the same placeholders and no extra', (language) => {
    const strings = load(language);
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    for (const [key, text] of en) {
      expect(strings.get(key)?.trim(), `${language}: ${key}`).toBeTruthy();
      expect(placeholders(strings.get(key) ?? ''), `${language}: ${key}`).toBe(placeholders(text));
    }
    for (const key of strings.keys()) expect(en.has(key), `${language} has extra ${key}`).toBe(true);
  });

  it('has every key the source code asks for', () => {
    const used = new Set<string>();
    // permissions.ts holds permission codes such as 'role.query', which are data, not strings to show.
    const files = [...sourceFiles(srcDir), ...sourceFiles(sharedSrc), ...sourceFiles(importSrc)].filter(
      (file) => !file.endsWith('permissions.ts'),
    );
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(match[1] as string);
      for (const match of text.matchAll(/'(validation\.[a-zA-Z]+|role\.[a-zA-Z]+|import\.[a-zA-Z]+)'/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) expect(en.has(key), key).toBe(true);
  });

  it('keeps every string the pages before sign-in use in the core set, loaded at boot', () => {
    const publicDirs = [
      'features/auth',
      'features/errors',
      'features/download',
      // The shared components those pages use; the others (alarm and status tags...) are the console's.
      'components/ConfirmPasswordItem.tsx',
      'components/LanguageSelect.tsx',
      'components/PageLoading.tsx',
      'lib/http.ts',
      'lib/forms.ts',
      'app/layout/PublicScreen.tsx',
      'app/Guard.tsx',
      'app/lazyScreen.ts',
    ];
    for (const dir of publicDirs) {
      const path = join(srcDir, dir);
      const files = path.endsWith('x') || path.endsWith('.ts') ? [path] : sourceFiles(path);
      for (const file of files) {
        for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) {
          expect(core.has(match[1] as string), `${match[1]} (${file.slice(srcDir.length)}) must be in locales/core`).toBe(true);
        }
      }
    }
  });

  it('labels every variable protocol.md names, and the PV strings', () => {
    for (const name of [...Object.keys(VARIABLE_UNITS), 'pvStringVolt', 'pvStringCurrent', 'pvStringPower']) {
      expect(en.has(`variable.${name}`), name).toBe(true);
    }
  });

  it('has a navBar title for every route of the table, and a list title for every menu group', () => {
    for (const route of ROUTES) expect(en.has(`navBar.${route.title}`), route.title).toBe(true);
    for (const group of ROUTES.filter((route) => ROUTES.some((child) => child.parent === route.name))) {
      expect(en.has(`navBar.${group.title}List`), `${group.title}List`).toBe(true);
    }
  });

  it('describes on the home tab every screen of the menu (every built route the table does not hide)', () => {
    for (const route of BUILT_APP_ROUTES.filter((r) => !r.hidden)) {
      expect(en.has(`home.describe.${route.name}`), route.name).toBe(true);
    }
  });
});
