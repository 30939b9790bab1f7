import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@sunstack/shared';
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

export const MAIL_MESSAGES: Record<Language, Record<string, string>> = {
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

export type MailTemplate =
  | 'registerCode'
  | 'registerExisting'
  | 'resetCode'
  | 'invitationInstaller'
  | 'invitationEndUser'
  | 'alarmRaised'
  | 'alarmCleared'
  | 'alarmSummary'
  | 'reportReady'
  | 'workOrderReply'
  | 'workOrderStatus'
  | 'accountMigrationCode'
  | 'siteMigrationCode'
  | 'firmwareNotice';

/** An account's stored language as a language of the mails (English when it is none of them). */
export const languageOf = (value: string): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** One message of the mail locales (a template's part, or a word templates share) with its placeholders filled. */
export function mailText(key: string, language: Language, vars: Record<string, string | number> = {}) {
  const raw = MAIL_MESSAGES[language][key] ?? MAIL_MESSAGES[DEFAULT_LANGUAGE][key] ?? key;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Renders a template in the recipient's language, falling back to English per key. */
export function renderMail(template: MailTemplate, language: Language, vars: Record<string, string | number>) {
  return { subject: mailText(`${template}.subject`, language, vars), body: mailText(`${template}.body`, language, vars) };
}
