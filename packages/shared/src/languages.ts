/** The 12 languages of the spec, section 1; `en` is the default and the fallback. */
export const LANGUAGES = ['en', 'zh_CN', 'pl', 'fr', 'pt', 'de', 'it', 'ko', 'cs', 'es', 'ro', 'tr_TR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, for the language selector. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh_CN: '简体中文',
  pl: 'Polski',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
  it: 'Italiano',
  ko: '한국어',
  cs: 'Čeština',
  es: 'Español',
  ro: 'Română',
  tr_TR: 'Türkçe',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 tag of a language, for Intl APIs and the html lang attribute. */
export function languageTag(language: Language): string {
  return language.replace('_', '-');
}
