import type { Language } from '@sunstack/shared';
import type { TFunction } from 'i18next';
import { faultText } from '../../lib/faultText.ts';

/** An alarm's name in the language shown: the catalogue's, or the raw code for a code it does not know. */
export function alarmName(code: number, language: Language, t: TFunction): string {
  return faultText(code, language)?.name ?? t('alarm.codeOnly', { code });
}
