import { type Language, languageTag, type NoticeEvent, type WebhookNotice } from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { mailText, renderMail } from '../mail/templates.ts';
import type { PushPayload } from './push.ts';
import type { NoticeAlarm } from './repo.ts';

/** What notifications say about an alarm: its mails and its webhook body, in the subscriber's language. */

export const MINUTE = 60_000;

/**
 * Storms (ARCHITECTURE.md): more than `maxSingles` notices for one subscription within `windowMs`
 * start a storm. From then on its notices are held and summarised: the first summary `gatherMs`
 * after the storm began (a burst arrives over seconds), then at most one every `everyMs`; a summary
 * slot with nothing held ends the storm, so single notices resume after `everyMs` without any.
 */
export const STORM = { windowMs: 10 * MINUTE, maxSingles: 5, gatherMs: MINUTE, everyMs: 10 * MINUTE, listed: 20 } as const;

/** An instant as the wall-clock time of the plant's zone, naming the zone (UTC without a plant). */
export function plantTime(ms: number, zone: string | null, language: Language): string {
  const timeZone = zone ?? 'UTC';
  try {
    const text = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(ms);
    return `${text} (${timeZone})`;
  } catch {
    // A zone this Node.js lacks (plants' zones are checked when saved): the instant in UTC still says when.
    return new Date(ms).toISOString();
  }
}

/** What a person reads about an alarm, in a language. */
function alarmWords(alarm: NoticeAlarm, language: Language) {
  const text = faultText(alarm.code, language);
  return {
    name: text?.name ?? mailText('alarm.unknownCode', language, { code: alarm.code }),
    cause: text?.cause ?? mailText('alarm.unknownCause', language),
    action: text?.action ?? mailText('alarm.unknownAction', language),
    severity: mailText(`alarm.severity.${alarm.severity}`, language),
    plant: alarm.plantName ?? mailText('alarm.noPlant', language),
    sn: alarm.deviceSn ?? alarm.dataloggerSn,
  };
}

export interface Notice {
  event: NoticeEvent;
  at: Date;
  alarm: NoticeAlarm;
}

export function noticeMail(recipient: string, language: Language, { event, at, alarm }: Notice) {
  const words = alarmWords(alarm, language);
  const vars = { ...words, code: alarm.code, dataloggerSn: alarm.dataloggerSn, time: plantTime(at.getTime(), alarm.timeZone, language) };
  const mail =
    event === 'cleared'
      ? renderMail('alarmCleared', language, { ...vars, raisedTime: plantTime(alarm.raisedAt.getTime(), alarm.timeZone, language) })
      : renderMail('alarmRaised', language, { ...vars, occurrences: alarm.occurrences });
  return { recipient, ...mail };
}

/** The webhook's view of a notice; names in English, times in ms. */
export function webhookNotice({ event, at, alarm }: Notice): WebhookNotice {
  return {
    event,
    at: at.getTime(),
    alarmId: alarm.id,
    severity: alarm.severity,
    code: alarm.code,
    name: faultText(alarm.code, 'en')?.name ?? `Code ${alarm.code}`,
    deviceSn: alarm.deviceSn ?? alarm.dataloggerSn,
    dataloggerSn: alarm.dataloggerSn,
    plantId: alarm.plantId,
    plantName: alarm.plantName ?? '',
    raisedAt: alarm.raisedAt.getTime(),
    lastRaisedAt: alarm.lastRaisedAt.getTime(),
    clearedAt: alarm.clearedAt ? alarm.clearedAt.getTime() : null,
    occurrences: alarm.occurrences,
  };
}

/** The push of a notice: the mail's subject, and one line of what, where and when; one tag per alarm folds its repeats. */
export function noticePush(language: Language, notice: Notice, url: string): PushPayload {
  const { subject } = noticeMail('', language, notice);
  const words = alarmWords(notice.alarm, language);
  const time = plantTime(notice.at.getTime(), notice.alarm.timeZone, language);
  return { title: subject, body: `${words.severity} · ${words.sn} · ${words.plant} · ${time}`, tag: `alarm-${notice.alarm.id}`, url };
}

/** The push of a storm's summary: the summary mail's subject, and how many notices it holds. */
export function summaryPush(language: Language, plantLabel: string, notices: Notice[], url: string, subscriptionId: number): PushPayload {
  const { subject } = summaryMail('', language, plantLabel, notices);
  return {
    title: subject,
    body: mailText('alarmSummary.push', language, { count: notices.length }),
    tag: `summary-${subscriptionId}`,
    url,
  };
}

export function summaryMail(recipient: string, language: Language, plantLabel: string, notices: Notice[]) {
  const lines = notices.slice(0, STORM.listed).map((notice) => {
    const words = alarmWords(notice.alarm, language);
    const time = plantTime(notice.at.getTime(), notice.alarm.timeZone, language);
    const event = mailText(`alarm.event.${notice.event}`, language);
    return `- ${time} · ${event} · ${words.severity} · ${notice.alarm.code} ${words.name} · ${words.sn} · ${words.plant}`;
  });
  const rest = notices.length - lines.length;
  if (rest > 0) lines.push(mailText('alarmSummary.more', language, { rest }));
  const mail = renderMail('alarmSummary', language, {
    plant: plantLabel,
    count: notices.length,
    minutes: STORM.windowMs / MINUTE,
    list: lines.join('\n'),
  });
  return { recipient, ...mail };
}
