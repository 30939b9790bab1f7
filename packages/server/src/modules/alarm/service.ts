import {
  ALARM_THRESHOLD_DEFAULTS,
  type AlarmAckBody,
  type AlarmExportBody,
  type AlarmQueryBody,
  type AlarmSummary,
  type AlarmThresholdSaveBody,
  Errno,
  type Language,
} from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { AppError, notFound } from '../../http/errors.ts';
import { EXPORT_MAX_ROWS, utcText, workbook } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import { ALARM_LABELS } from './labels.ts';
import type { AlarmRepo, AlarmRow } from './repo.ts';

const ms = (date: Date | null) => (date ? date.getTime() : null);

function present({ alarm, deviceSn, deviceType, plantName, ackedBy }: AlarmRow): AlarmSummary {
  return {
    id: alarm.id,
    source: alarm.source,
    code: alarm.code,
    severity: alarm.severity,
    subject: deviceType ?? 'datalogger',
    sn: deviceSn ?? alarm.dataloggerSn,
    dataloggerSn: alarm.dataloggerSn,
    plantId: alarm.plantId,
    plantName: plantName ?? '',
    raisedAt: alarm.raisedAt.getTime(),
    lastRaisedAt: alarm.lastRaisedAt.getTime(),
    clearedAt: ms(alarm.clearedAt),
    occurrences: alarm.occurrences,
    acknowledgement: alarm.ackedAt ? { at: alarm.ackedAt.getTime(), by: ackedBy ?? '', comment: alarm.ackComment ?? '' } : null,
  };
}

/** Alarm lists and acknowledgements (issue 5), in the caller's scope. */
export function createAlarmService(deps: { alarms: AlarmRepo; plants: PlantRepo; audit: AuditService }) {
  const { alarms, plants, audit } = deps;

  /** A plant the caller sees: missing or out of scope is 40404. */
  async function visiblePlant(session: Session, id: number) {
    const row = await plants.findVisible(session, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** A plant's alarm thresholds: those the rules use, those it set itself, and whether the caller may change them. */
    async thresholds(session: Session, plantId: number) {
      const plant = await visiblePlant(session, plantId);
      const custom = await alarms.thresholdsOf(plantId);
      return { thresholds: { ...ALARM_THRESHOLD_DEFAULTS, ...custom }, custom, writable: plant.writable };
    },

    /** Sets a plant's thresholds (the ones left out take the defaults); only who may change the plant may. */
    async saveThresholds(session: Session, client: ClientInfo, body: AlarmThresholdSaveBody) {
      const plant = await visiblePlant(session, body.plantId);
      if (!plant.writable) throw new AppError(Errno.noPermission);
      const before = await alarms.thresholdsOf(body.plantId);
      await alarms.saveThresholds(body.plantId, body.thresholds);
      await audit.record(session, client, {
        action: 'plant.alarmThresholds',
        objectType: 'plant',
        objectId: body.plantId,
        before,
        after: body.thresholds,
      });
    },

    async query(session: Session, body: AlarmQueryBody) {
      const { currentPage, pageSize, ...filters } = body;
      const { total, totalCapped, rows } = await alarms.list(session, filters, { currentPage, pageSize });
      return { total, totalCapped, currentPage, pageSize, alarms: rows.map(present) };
    },

    /** The alarms that match, without paging, as an xlsx file in the caller's language (times in UTC). */
    async export(session: Session, filters: AlarmExportBody, language: Language) {
      const labels = ALARM_LABELS[language];
      const rows = (await alarms.all(session, filters, EXPORT_MAX_ROWS)).map(present).map((alarm) => ({
        severity: labels.severities[alarm.severity],
        code: alarm.code,
        name: faultText(alarm.code, language)?.name ?? labels.unknownCode.replace('{code}', String(alarm.code)),
        source: labels.sources[alarm.source],
        sn: alarm.sn,
        subject: labels.subjects[alarm.subject],
        dataloggerSn: alarm.dataloggerSn,
        plant: alarm.plantName,
        raisedAt: utcText(alarm.raisedAt),
        lastRaisedAt: utcText(alarm.lastRaisedAt),
        occurrences: alarm.occurrences,
        clearedAt: utcText(alarm.clearedAt),
        ackedAt: utcText(alarm.acknowledgement?.at ?? null),
        ackedBy: alarm.acknowledgement?.by ?? '',
        ackComment: alarm.acknowledgement?.comment ?? '',
      }));
      const widths: Partial<Record<keyof typeof labels.columns, number>> = { name: 36, plant: 24, ackComment: 40, source: 16 };
      const columns = Object.entries(labels.columns).map(([key, header]) => ({
        key,
        header,
        width: widths[key as keyof typeof labels.columns] ?? (key.endsWith('At') || key.endsWith('Sn') || key === 'sn' ? 20 : 12),
      }));
      return workbook(labels.sheet, columns, rows);
    },

    /**
     * Acknowledges alarms with a comment: all of them or none. An alarm outside the caller's scope
     * answers like a missing one. Acknowledging is a note on the alarm, so whoever sees it may; an
     * alarm acknowledged already keeps its first acknowledgement.
     */
    async acknowledge(session: Session, client: ClientInfo, body: AlarmAckBody) {
      const ids = [...new Set(body.ids)];
      const visible = await alarms.visibleIds(session, ids);
      if (visible.length !== ids.length) throw notFound();
      const acknowledged = await alarms.acknowledge(ids, session.accountId, body.comment);
      for (const id of acknowledged) {
        await audit.record(session, client, {
          action: 'alarm.ack',
          objectType: 'alarm',
          objectId: String(id),
          after: { comment: body.comment },
        });
      }
    },
  };
}
export type AlarmService = ReturnType<typeof createAlarmService>;
