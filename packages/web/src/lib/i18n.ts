import { DEFAULT_LANGUAGE, type Language, languageTag } from '@sunstack/shared';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each language's strings are chunks of their own, loaded when first needed: `core` holds what the
 * pages before sign-in say, `console` what only the console says, so the sign-in page stays light.
 * Both go into the one i18next namespace, so every key reads the same wherever it is stored. `faults`, the
 * fault catalogue's texts the server shares, go in with the console under `fault.<code>` (lib/faultText.ts):
 * a language's own, not the twelve together (80 KB compressed).
 */
const loaders = {
  core: import.meta.glob<{ default: Record<string, unknown> }>('../locales/core/*.json'),
  console: import.meta.glob<{ default: Record<string, unknown> }>('../locales/console/*.json'),
  faults: import.meta.glob<{ default: Record<string, unknown> }>('../../../shared/src/faults/messages/*.json'),
};
const FOLDERS = { core: '../locales/core', console: '../locales/console', faults: '../../../shared/src/faults/messages' };
type StringSet = keyof typeof loaders;
const loadedSets = new Set<StringSet>(['core']);

/** Ant Design's own locale for each language, so its components speak it too. */
const antdLoaders: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh_CN: () => import('antd/es/locale/zh_CN'),
  pl: () => import('antd/es/locale/pl_PL'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_PT'),
  de: () => import('antd/es/locale/de_DE'),
  it: () => import('antd/es/locale/it_IT'),
  ko: () => import('antd/es/locale/ko_KR'),
  cs: () => import('antd/es/locale/cs_CZ'),
  es: () => import('antd/es/locale/es_ES'),
  ro: () => import('antd/es/locale/ro_RO'),
  tr_TR: () => import('antd/es/locale/tr_TR'),
};

async function loadStrings(set: StringSet, language: Language) {
  const loader = loaders[set][`${FOLDERS[set]}/${language}.json`];
  if (!loader) throw new Error(`No ${set} strings for ${language}`);
  return (await loader()).default;
}

/** Adds a string set of a language (and of English, the fallback) to the namespace. */
async function addStrings(set: StringSet, language: Language) {
  const languages = language === DEFAULT_LANGUAGE ? [language] : [DEFAULT_LANGUAGE, language];
  await Promise.all(
    languages.map(async (lng) => {
      const strings = await loadStrings(set, lng);
      i18next.addResourceBundle(lng, 'translation', set === 'faults' ? { fault: strings } : strings, true, true);
    }),
  );
}

/** The console's strings, loaded with the console shell. */
export async function loadConsoleStrings() {
  loadedSets.add('console');
  loadedSets.add('faults');
  await Promise.all([addStrings('console', i18next.language as Language), addStrings('faults', i18next.language as Language)]);
}

export async function initI18n(language: Language) {
  const resources: Record<string, { translation: Record<string, unknown> }> = {
    [DEFAULT_LANGUAGE]: { translation: await loadStrings('core', DEFAULT_LANGUAGE) },
  };
  if (language !== DEFAULT_LANGUAGE) resources[language] = { translation: await loadStrings('core', language) };
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next advertises itself on the console at the first init: noise in the browser, and a log a test
    // file can still be writing when it ends (vitest then fails the run).
    showSupportNotice: false,
  });
  document.documentElement.lang = languageTag(language);
}

/** Switches the strings (loading every set in use); the caller switches Ant Design's locale. */
export async function changeLanguage(language: Language) {
  await Promise.all([...loadedSets].map((set) => addStrings(set, language)));
  await i18next.changeLanguage(language);
  document.documentElement.lang = languageTag(language);
}

/**
 * Ant Design's locale of a language, with our words where it has English ones (the pager's page size in some
 * languages; issue 21, defect 8). The table's select-all label is not in its locale: tables set it themselves.
 */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const [{ default: locale }, strings] = await Promise.all([antdLoaders[language](), loadStrings('core', language)]);
  const ours = strings.antd as { pageSize: string };
  return { ...locale, Pagination: { ...locale.Pagination, page_size: ours.pageSize } };
}

export { i18next };
