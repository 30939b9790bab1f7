import { readFileSync } from 'node:fs';
import { WEB_SRC } from './paths.ts';

type Strings = { [key: string]: string | Strings };

/**
 * A language's strings as the web app has them now (read at call time: translations change while
 * we work). The app keeps them in two sets, `core` and `console`, merged into one namespace.
 */
export function readLocale(language: string): Strings {
  const read = (set: string) => JSON.parse(readFileSync(`${WEB_SRC}locales/${set}/${language}.json`, 'utf8')) as Strings;
  return { ...read('core'), ...read('console') };
}

function lookup(strings: Strings, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text the web app shows for `key` in `language`: that language's string, or the English
 * one when it has none yet (i18next's fallbackLng is English).
 */
export function uiString(language: string, key: string): string {
  const text = lookup(readLocale(language), key) ?? lookup(readLocale('en'), key);
  if (text === undefined) throw new Error(`No string ${key} in the ${language} nor the en locale`);
  return text;
}
