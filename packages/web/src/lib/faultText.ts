import { faultOf, type Language, ruleOf } from '@sunstack/shared';
import type { FaultText } from '@sunstack/shared/fault-messages';
import i18next from 'i18next';

/**
 * The text of a catalogue code or an alarm rule's code in a language, in English where that language
 * lacks it; undefined for a code neither knows (callers then show the raw code). The console's strings
 * hold the texts of the languages in use (lib/i18n.ts loads them with the console).
 */
export function faultText(code: number, language: Language): FaultText | undefined {
  if (!faultOf(code) && !ruleOf(code)) return undefined;
  const key = `fault.${code}`;
  return (i18next.getResource(language, 'translation', key) ?? i18next.getResource('en', 'translation', key)) as FaultText | undefined;
}
