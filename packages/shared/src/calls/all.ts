import { accountCalls } from './account.ts';
import { accountMigrationCalls } from './accountMigration.ts';
import { alarmCalls } from './alarm.ts';
import { apiKeyCalls } from './apiKey.ts';
import { auditCalls } from './audit.ts';
import { batchCalls } from './batch.ts';
import { brandCalls } from './brand.ts';
import { brandSiteCalls } from './brandSite.ts';
import type { CallDeclaration } from './call.ts';
import { commandCalls } from './command.ts';
import { dataloggerCalls } from './datalogger.ts';
import { deviceCalls } from './device.ts';
import { diagnosticsCalls } from './diagnostics.ts';
import { distributorCalls } from './distributor.ts';
import { documentCalls } from './document.ts';
import { economicsCalls } from './economics.ts';
import { fileManagementCalls } from './fileManagement.ts';
import { firmwareCalls } from './firmware.ts';
import { groupCalls } from './group.ts';
import { invitationCalls } from './invitation.ts';
import { journalCalls } from './journal.ts';
import { metaCalls } from './meta.ts';
import { monitoringCalls } from './monitoring.ts';
import { notificationCalls } from './notification.ts';
import { organisationCalls } from './organisation.ts';
import { plantCalls } from './plant.ts';
import { plantMapCalls } from './plantMap.ts';
import { platformLogCalls } from './platformLog.ts';
import { powerInfoCalls } from './powerInfo.ts';
import { reportCalls } from './report.ts';
import { sessionCalls } from './session.ts';
import { templateCalls } from './template.ts';
import { upgradeCalls } from './upgrade.ts';
import { userCalls } from './user.ts';
import { workOrderCalls } from './workOrder.ts';

/** Every declared call: the server checks that it registers exactly these, the web tests' fake server knows only these. */
export const ALL_CALLS: readonly CallDeclaration[] = [
  accountCalls,
  alarmCalls,
  apiKeyCalls,
  auditCalls,
  batchCalls,
  commandCalls,
  dataloggerCalls,
  deviceCalls,
  diagnosticsCalls,
  distributorCalls,
  economicsCalls,
  accountMigrationCalls,
  brandCalls,
  brandSiteCalls,
  documentCalls,
  fileManagementCalls,
  firmwareCalls,
  groupCalls,
  invitationCalls,
  journalCalls,
  metaCalls,
  monitoringCalls,
  notificationCalls,
  organisationCalls,
  plantCalls,
  platformLogCalls,
  plantMapCalls,
  powerInfoCalls,
  reportCalls,
  sessionCalls,
  templateCalls,
  upgradeCalls,
  userCalls,
  workOrderCalls,
].flatMap((calls) => Object.values(calls) as CallDeclaration[]);
