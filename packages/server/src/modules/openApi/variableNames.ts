import { type Language, variableKind } from '@sunstack/shared';
import cs from '../../../../web/src/locales/console/cs.json' with { type: 'json' };
import de from '../../../../web/src/locales/console/de.json' with { type: 'json' };
import en from '../../../../web/src/locales/console/en.json' with { type: 'json' };
import es from '../../../../web/src/locales/console/es.json' with { type: 'json' };
import fr from '../../../../web/src/locales/console/fr.json' with { type: 'json' };
import it from '../../../../web/src/locales/console/it.json' with { type: 'json' };
import ko from '../../../../web/src/locales/console/ko.json' with { type: 'json' };
import pl from '../../../../web/src/locales/console/pl.json' with { type: 'json' };
import pt from '../../../../web/src/locales/console/pt.json' with { type: 'json' };
import ro from '../../../../web/src/locales/console/ro.json' with { type: 'json' };
import trTR from '../../../../web/src/locales/console/tr_TR.json' with { type: 'json' };
import zhCN from '../../../../web/src/locales/console/zh_CN.json' with { type: 'json' };

/**
 * The variables' names as the console shows them, in every language (the console's own strings, not a
 * copy): the Open API's variable list and the `name` of each value.
 */
const BY_LANGUAGE: Record<Language, Record<string, string>> = {
  en: en.variable,
  zh_CN: zhCN.variable,
  pl: pl.variable,
  fr: fr.variable,
  pt: pt.variable,
  de: de.variable,
  it: it.variable,
  ko: ko.variable,
  cs: cs.variable,
  es: es.variable,
  ro: ro.variable,
  tr_TR: trTR.variable,
};

/** A variable's name per language (PV strings numbered: "PV2 voltage"); the name itself where the console has none. */
export function variableNames(variable: string): Record<string, string> {
  const kind = variableKind(variable);
  const key = kind.kind === 'pvString' ? `pvString${kind.quantity}` : variable;
  const n = kind.kind === 'pvString' ? String(kind.string) : '';
  return Object.fromEntries(Object.entries(BY_LANGUAGE).map(([lang, names]) => [lang, names[key]?.replace('{{n}}', n) ?? variable]));
}

export const variableName = (variable: string, lang: Language) => variableNames(variable)[lang] ?? variable;
