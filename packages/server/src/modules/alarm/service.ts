import {
  ALARM_THRESHOLD_DEFAULTS,
  type AlarmAckBody,
  type AlarmExportBody,
  type AlarmQueryBody,
  type AlarmSummary,
  type AlarmThresholdSaveBody,
  FAULT_RECORD_TOP,
  type FaultRecordBody,
  type FaultRecordResult,
  type Language,
} from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { changeable } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { notFound } from '../../http/errors.ts';
import { EXPORT_MAX_ROWS, workbook, workbookOf, zonedText } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { ALARM_LABELS } from './labels.ts';
import type { AlarmRepo, AlarmRow, FaultGroupRow } from './repo.ts';

const ms = (date: Date | null) => (date ? date.getTime() : null);

/** The fault record's export carries this many groups per dimension (the screen shows FAULT_RECORD_TOP). */
const FAULT_RECORD_EXPORT_TOP = 1_000;

const faultCounts = ({ alarms, occurrences, devices }: FaultGroupRow) => ({ alarms, occurrences, devices });
const fleetKey = (subject: string | null, value: string | null) => `${subject}/${value}`;

function present({ alarm, deviceSn, deviceType, plantName, plantTimeZone, ackedBy }: AlarmRow): AlarmSummary {
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
    timeZone: plantTimeZone ?? 'UTC',
    raisedAt: alarm.raisedAt.getTime(),
    lastRaisedAt: alarm.lastRaisedAt.getTime(),
    clearedAt: ms(alarm.clearedAt),
    occurrences: alarm.occurrences,
    acknowledgement: alarm.ackedAt ? { at: alarm.ackedAt.getTime(), by: ackedBy ?? '', comment: alarm.ackComment ?? '' } : null,
  };
}

/** Alarm lists and acknowledgements (issue 5), in the caller's scope. */
export function createAlarmService(deps: { alarms: AlarmRepo; plants: PlantRepo; audit: AuditService; transaction: Transaction }) {
  const { alarms, plants, audit, transaction } = deps;

  /** A plant the caller sees: missing or out of scope is 40404. */
  async function visiblePlant(session: Session, id: number) {
    const row = await plants.findVisible(session, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The fault record: groups by code, model and firmware version, `top` of each, with the fleet's
   * devices of each model and version beside (the rate per 100 devices is the client's division).
   */
  async function faultRecord(session: Session, body: FaultRecordBody, top: number): Promise<FaultRecordResult> {
    const groups = await alarms.faultGroups(session, body, top);
    const of = (dimension: FaultGroupRow['dimension']) => groups.filter((row) => row.dimension === dimension);
    const [codes, models, firmware] = [of('code'), of('model'), of('firmware')];
    const deviceValues = (rows: FaultGroupRow[], value: (row: FaultGroupRow) => string | null) => [
      ...new Set(rows.filter((row) => row.subject !== 'datalogger').map((row) => value(row) ?? '')),
    ];
    const fleet = await alarms.fleetDevices(session, {
      models: deviceValues(models, (row) => row.model),
      versions: deviceValues(firmware, (row) => row.version),
      dataloggers: [...models, ...firmware].some((row) => row.subject === 'datalogger'),
    });
    const counted = (rows: { subject: string; value: string; n: number }[]) =>
      new Map(rows.map((row) => [fleetKey(row.subject, row.value), row.n]));
    const [fleetModels, fleetVersions] = [counted(fleet.models), counted(fleet.versions)];
    const dimension = <T>(rows: FaultGroupRow[], present: (row: FaultGroupRow) => T) => ({
      groups: rows[0]?.groups ?? 0,
      rows: rows.map((row) => ({ ...faultCounts(row), ...present(row) })),
    });
    const [total] = of('total');
    return {
      total: total ? faultCounts(total) : { alarms: 0, occurrences: 0, devices: 0 },
      codes: dimension(codes, (row) => ({ code: row.code ?? 0, severity: row.severity ?? 'fault' })),
      models: dimension(models, (row) => ({
        subject: row.subject ?? 'datalogger',
        model: row.model ?? '',
        fleetDevices: fleetModels.get(fleetKey(row.subject, row.model)) ?? 0,
      })),
      firmware: dimension(firmware, (row) => ({
        subject: row.subject ?? 'datalogger',
        version: row.version ?? '',
        fleetDevices: fleetVersions.get(fleetKey(row.subject, row.version)) ?? 0,
      })),
    };
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
      return transaction(async () => {
        changeable(await visiblePlant(session, body.plantId));
        const before = await alarms.thresholdsOf(body.plantId);
        await alarms.saveThresholds(body.plantId, body.thresholds);
        await audit.record(session, client, {
          action: 'plant.alarmThresholds',
          objectType: 'plant',
          objectId: body.plantId,
          before,
          after: body.thresholds,
        });
      });
    },

    async query(session: Session, body: AlarmQueryBody) {
      const { currentPage, pageSize, ...filters } = body;
      const { total, totalCapped, rows } = await alarms.list(session, filters, { currentPage, pageSize });
      return { total, totalCapped, currentPage, pageSize, alarms: rows.map(present) };
    },

    /** The alarms that match, without paging, as an xlsx file in the caller's language (times in each plant's zone, as on the screen). */
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
        timeZone: alarm.timeZone,
        raisedAt: zonedText(alarm.raisedAt, alarm.timeZone),
        lastRaisedAt: zonedText(alarm.lastRaisedAt, alarm.timeZone),
        occurrences: alarm.occurrences,
        clearedAt: zonedText(alarm.clearedAt, alarm.timeZone),
        ackedAt: zonedText(alarm.acknowledgement?.at ?? null, alarm.timeZone),
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

    faultRecord: (session: Session, body: FaultRecordBody) => {
      requirePermission(session, 'errorRecord.query');
      return faultRecord(session, body, FAULT_RECORD_TOP);
    },

    /** The fault record as an xlsx file in the caller's language: a sheet per dimension, up to 1,000 groups each. */
    async exportFaultRecord(session: Session, body: FaultRecordBody, language: Language) {
      // A record the account may not query is not downloadable either.
      requirePermission(session, 'errorRecord.query');
      requirePermission(session, 'errorRecord.download');
      const labels = ALARM_LABELS[language];
      const words = { ...labels.columns, ...labels.faultRecord.columns };
      const record = await faultRecord(session, body, FAULT_RECORD_EXPORT_TOP);
      const column = (key: keyof typeof words, width = 14) => ({ key, header: words[key], width });
      const counts = [column('alarms'), column('occurrences'), column('devices', 18)];
      const fleet = [column('fleetDevices', 18), column('rate', 22)];
      const rate = (devices: number, fleetDevices: number) =>
        fleetDevices > 0 ? Math.round((devices / fleetDevices) * 10_000) / 100 : null;
      const sheets = labels.faultRecord.sheets;
      return workbookOf([
        {
          title: sheets.codes,
          columns: [column('code', 10), column('name', 36), column('severity', 12), ...counts],
          rows: record.codes.rows.map((row) => ({
            ...row,
            name: faultText(row.code, language)?.name ?? labels.unknownCode.replace('{code}', String(row.code)),
            severity: labels.severities[row.severity],
          })),
        },
        {
          title: sheets.models,
          columns: [column('subject', 16), column('model', 20), ...counts, ...fleet],
          rows: record.models.rows.map((row) => ({
            ...row,
            subject: labels.subjects[row.subject],
            rate: rate(row.devices, row.fleetDevices),
          })),
        },
        {
          title: sheets.firmware,
          columns: [column('subject', 16), column('version', 18), ...counts, ...fleet],
          rows: record.firmware.rows.map((row) => ({
            ...row,
            subject: labels.subjects[row.subject],
            rate: rate(row.devices, row.fleetDevices),
          })),
        },
      ]);
    },

    /**
     * Acknowledges alarms with a comment: all of them or none. An alarm outside the caller's scope
     * answers like a missing one. Acknowledging is a note on the alarm, so whoever sees it may; an
     * alarm acknowledged already keeps its first acknowledgement.
     */
    async acknowledge(session: Session, client: ClientInfo, body: AlarmAckBody) {
      return transaction(async () => {
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
      });
    },
  };
}
export type AlarmService = ReturnType<typeof createAlarmService>;
