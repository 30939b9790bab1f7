import { DEFAULT_LANGUAGE, type Language, languageTag } from '@sunstack/shared';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Each language's strings are a chunk of their own, loaded when first chosen. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

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

async function loadStrings(language: Language) {
  const loader = loaders[`../locales/${language}.json`];
  if (!loader) throw new Error(`No strings for ${language}`);
  return (await loader()).default;
}

export async function initI18n(language: Language) {
  const resources: Record<string, { translation: Record<string, unknown> }> = {
    [DEFAULT_LANGUAGE]: { translation: await loadStrings(DEFAULT_LANGUAGE) },
  };
  if (language !== DEFAULT_LANGUAGE) resources[language] = { translation: await loadStrings(language) };
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = languageTag(language);
}

/** Switches the strings (loading them if needed); the caller switches Ant Design's locale. */
export async function changeLanguage(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadStrings(language));
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = languageTag(language);
}

export const loadAntdLocale = async (language: Language) => (await antdLoaders[language]()).default;

export { i18next };
