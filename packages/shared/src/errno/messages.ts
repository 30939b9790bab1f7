import type { Language } from '../languages.ts';
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

/** Errno messages by language, then errno (spec section 7: GET /c/v0/errors/message). */
export const ERRNO_MESSAGES: Record<Language, Record<string, string>> = {
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
