import type { AlarmSubject } from '@sunstack/shared';
import type { TFunction } from 'i18next';

/** What an alarm is about, in words: a datalogger or one of the device types. */
export const subjectLabel = (subject: AlarmSubject, t: TFunction): string =>
  subject === 'datalogger' ? t('alarm.datalogger') : t(`device.types.${subject}`);
