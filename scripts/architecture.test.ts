import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** ARCHITECTURE.md's folder tree names every folder a reader looks for; this keeps it true. */
const ROOT = join(import.meta.dirname, '..');
const tree = (() => {
  const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const start = text.indexOf('## Folders');
  const block = text.slice(text.indexOf('```', start) + 3);
  return block.slice(0, block.indexOf('```'));
})();

const foldersIn = (path: string) =>
  readdirSync(join(ROOT, path)).filter((name) => statSync(join(ROOT, path, name)).isDirectory() && name !== 'node_modules');

describe('ARCHITECTURE.md', () => {
  it.each([
    'packages/server/src',
    'packages/server/src/modules',
    'packages/web/src',
    'packages/web/src/features',
    'packages/shared/src',
    'packages/simulator/src',
  ])('names every folder of %s in its tree', (path) => {
    const missing = foldersIn(path).filter((name) => !new RegExp(`(^|[\\s/])${name}/`, 'm').test(tree));
    expect(missing).toEqual([]);
  });
});
