import { Access } from './access.ts';

/**
 * The permission switches of spec section 6, as button permission codes. The web app hides an
 * element whose code the account lacks; the server checks the same code on the call.
 */
export const PERMISSIONS = [
  'firmware.view',
  'firmware.import',
  'firmware.publish',
  'firmware.delete',
  'member.query',
  'member.add',
  'member.edit',
  'member.delete',
  'member.resetPassword',
  'errorRecord.query',
  'errorRecord.download',
  'report.query',
  'report.download',
  'upgrade.module',
  'upgrade.battery',
  'upgrade.inverter',
  'upgrade.ems',
  'upgrade.gateway',
  'upgrade.heatPump',
  'upgrade.batch',
  'upgrade.taskBatchDelete',
  'upgrade.internalFirmware',
  'log.test',
  'log.module',
  'log.battery',
  'log.export',
  'site.edit',
  'site.delete',
  'site.migrate',
  'organisation.query',
  'organisation.add',
  'organisation.edit',
  'organisation.delete',
  'role.query',
  'role.add',
  'role.edit',
  'role.delete',
  'datalogger.import',
  'datalogger.unbind',
  'datalogger.delete',
  'device.clearHistory',
  'device.viewUncreated',
  'blacklist.set',
  'blacklist.delete',
  'ivCurve.configure',
  'template.configure',
  'modules.configure',
  'account.migrate',
  'strategy.upgrade',
  'trend.view',
  'audit.logAudit',
  'audit.accountLog',
  'audit.operationLog',
  'document.manage',
  'brand.manage',
  'logUpdate.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const BRANCH_MANAGER: readonly Permission[] = [
  'firmware.view',
  'member.query',
  'member.add',
  'member.edit',
  'member.delete',
  'member.resetPassword',
  'errorRecord.query',
  'errorRecord.download',
  'report.query',
  'report.download',
  'upgrade.inverter',
  'upgrade.module',
  'upgrade.battery',
  'upgrade.batch',
  'site.edit',
  'site.delete',
  'datalogger.unbind',
  'trend.view',
  'audit.operationLog',
  'audit.accountLog',
  'template.configure',
  'modules.configure',
];

/**
 * What each role holds until a permission group says otherwise. Registering dataloggers (issuing
 * their MQTT secrets) is the manufacturer's: installers bind registered dataloggers by SN. The spec does not say which
 * role gets which switch; these follow the screens each role reaches (spec section 2).
 */
export const DEFAULT_PERMISSIONS: Record<number, readonly Permission[]> = {
  [Access.admin]: PERMISSIONS,
  // A distributor manages the agents of its branch (/bus/agent).
  [Access.distributor]: [...BRANCH_MANAGER, 'organisation.query', 'organisation.add', 'organisation.edit'],
  [Access.agent]: BRANCH_MANAGER,
  [Access.installer]: [
    'report.query',
    'report.download',
    'site.edit',
    'site.delete',
    'datalogger.unbind',
    'template.configure',
    'modules.configure',
  ],
  [Access.endUser]: ['report.query', 'report.download', 'site.edit'],
  // An integrator configures the dataloggers of the devices it was given (remote setting).
  [Access.integrator]: ['report.query', 'report.download', 'modules.configure'],
};
