import type { Language } from '@sunstack/shared';
import cs from './locales/cs.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ro from './locales/ro.json' with { type: 'json' };
import trTR from './locales/tr_TR.json' with { type: 'json' };
import zhCN from './locales/zh_CN.json' with { type: 'json' };

/** The words of the device log export in every language (a missing key fails the typecheck and diagnostics.test.ts). */
export type LogLabels = typeof en;
export const LOG_LABELS: Record<Language, LogLabels> = {
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
