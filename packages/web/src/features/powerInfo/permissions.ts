import type { Permission } from '@sunstack/shared';
import { useClientStore } from '../../lib/clientStore.ts';

/**
 * The switches of spec section 6 as the permission group dialog shows them: in sections of
 * related work, each switch once (a test checks that every switch has its place and its label).
 * Labels are `powerInfo.switches.<code>`, section titles `powerInfo.switchSections.<section>`.
 */
export const SWITCH_SECTIONS: { section: string; switches: readonly Permission[] }[] = [
  { section: 'firmware', switches: ['firmware.view', 'firmware.import', 'firmware.publish', 'firmware.delete'] },
  {
    section: 'upgrade',
    switches: [
      'upgrade.inverter',
      'upgrade.module',
      'upgrade.battery',
      'upgrade.ems',
      'upgrade.gateway',
      'upgrade.heatPump',
      'upgrade.batch',
      'upgrade.taskBatchDelete',
      'upgrade.internalFirmware',
      'strategy.upgrade',
    ],
  },
  {
    section: 'members',
    switches: ['member.query', 'member.add', 'member.edit', 'member.delete', 'member.resetPassword', 'account.migrate'],
  },
  {
    section: 'organisation',
    switches: [
      'organisation.query',
      'organisation.add',
      'organisation.edit',
      'organisation.delete',
      'role.query',
      'role.add',
      'role.edit',
      'role.delete',
    ],
  },
  {
    section: 'sites',
    switches: [
      'site.edit',
      'site.delete',
      'site.migrate',
      'datalogger.import',
      'datalogger.unbind',
      'datalogger.delete',
      'device.clearHistory',
      'device.viewUncreated',
    ],
  },
  { section: 'records', switches: ['errorRecord.query', 'errorRecord.download', 'report.query', 'report.download', 'trend.view'] },
  {
    section: 'logs',
    switches: [
      'log.test',
      'log.module',
      'log.battery',
      'log.export',
      'audit.logAudit',
      'audit.accountLog',
      'audit.operationLog',
      'logUpdate.manage',
    ],
  },
  {
    section: 'configuration',
    switches: ['ivCurve.configure', 'template.configure', 'modules.configure', 'blacklist.set', 'blacklist.delete'],
  },
  { section: 'content', switches: ['document.manage', 'brand.manage'] },
];

/**
 * What the operator's switches allow on this screen beyond single buttons (those use
 * <Permission>): which tabs show and which fields a dialog offers. The server checks the same.
 */
export function usePowerInfoRights() {
  const buttons = useClientStore((state) => state.buttons);
  const has = (code: Permission) => buttons.includes(code);
  return {
    viewDepartments: has('organisation.query'),
    viewMembers: has('member.query'),
    viewGroups: has('role.query'),
    renameDepartments: has('organisation.edit'),
    /** Assigning a group to a department, a member or a role changes permissions: role.edit (and role.query to list the groups). */
    assignGroups: has('role.edit') && has('role.query'),
    editDepartments: has('organisation.edit') || has('role.edit'),
  };
}
