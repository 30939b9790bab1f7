import type { Language } from '../languages.ts';
import { faultOf } from './catalogue.ts';
import cs from './messages/cs.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import ko from './messages/ko.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };
import ro from './messages/ro.json' with { type: 'json' };
import trTR from './messages/tr_TR.json' with { type: 'json' };
import zhCN from './messages/zh_CN.json' with { type: 'json' };
import { ruleOf } from './rules.ts';

/** What a person reads about a fault code: a short name, the likely cause, the suggested action. */
export interface FaultText {
  name: string;
  cause: string;
  action: string;
}

/** Fault texts by language, then code (as a string, like the JSON keys). */
export const FAULT_MESSAGES: Record<Language, Record<string, FaultText>> = {
  en,
  zh_CN: zhCN,
  pl,
  fr,
  pt,
  de,
  it,
  ko,
  cs,
  es,
  ro,
  tr_TR: trTR,
};

/**
 * The text of a catalogue code or an alarm rule's code in a language, in English where that language
 * lacks it; undefined for a code neither knows (callers then show the raw code).
 */
export function faultText(code: number, language: Language): FaultText | undefined {
  if (!faultOf(code) && !ruleOf(code)) return undefined;
  const key = String(code);
  return FAULT_MESSAGES[language]?.[key] ?? FAULT_MESSAGES.en[key];
}
