import { createRequire } from 'node:module';
import { type Country, LANGUAGES, type Language } from '@sunstack/shared';
import isoCountries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
/** The package's locale file for each of our languages (it names them by ISO 639-1 only). */
const LOCALE_FILE: Record<Language, string> = {
  en: 'en',
  zh_CN: 'zh',
  pl: 'pl',
  fr: 'fr',
  pt: 'pt',
  de: 'de',
  it: 'it',
  ko: 'ko',
  cs: 'cs',
  es: 'es',
  ro: 'ro',
  tr_TR: 'tr',
};

/** Every ISO 3166-1 country, named and sorted in each language once, at start-up. */
const COUNTRIES = Object.fromEntries(
  LANGUAGES.map((language) => {
    const file = LOCALE_FILE[language];
    isoCountries.registerLocale(require(`i18n-iso-countries/langs/${file}.json`));
    const collator = new Intl.Collator(language.replace('_', '-'));
    const list = Object.keys(isoCountries.getAlpha2Codes())
      .map((code) => ({ code, name: isoCountries.getName(code, file, { select: 'official' }) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    return [language, list];
  }),
) as Record<Language, Country[]>;

export const countriesIn = (language: Language): Country[] => COUNTRIES[language];

export function countryName(code: string, language: Language): string {
  if (!code) return '';
  return COUNTRIES[language].find((country) => country.code === code)?.name ?? code;
}

export const isCountryCode = (code: string) => COUNTRIES.en.some((country) => country.code === code);
