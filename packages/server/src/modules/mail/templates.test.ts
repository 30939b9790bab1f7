import { LANGUAGES } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES, renderMail } from './templates.ts';

describe('mail templates', () => {
  it.each(LANGUAGES)('%s has every template with the same placeholders as English', (language) => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    for (const [key, text] of Object.entries(MAIL_MESSAGES.en)) {
      const translated = MAIL_MESSAGES[language][key];
      expect(translated?.trim(), `${language} ${key}`).toBeTruthy();
      expect(placeholders(translated ?? ''), `${language} ${key}`).toBe(placeholders(text));
    }
  });

  it('fills the placeholders', () => {
    expect(renderMail('resetCode', 'en', { code: '123456', user: 'anna', minutes: 10 }).body).toContain('anna is 123456');
  });
});
