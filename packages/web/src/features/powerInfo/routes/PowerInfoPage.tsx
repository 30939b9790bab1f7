import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompanyPanel } from '../components/CompanyPanel.tsx';
import { DepartmentPanel } from '../components/DepartmentPanel.tsx';
import { MemberPanel } from '../components/MemberPanel.tsx';
import { PermissionGroupPanel } from '../components/PermissionGroupPanel.tsx';
import { usePowerInfoRights } from '../permissions.ts';

/**
 * Power info (spec section 2, /bus/powerInfo, administrators): basic company information, the
 * organisation's departments, its members and the permission groups. A part whose query switch
 * the operator lacks is not shown.
 */
export default function PowerInfoPage() {
  const { t } = useTranslation();
  const rights = usePowerInfoRights();
  const items = [
    { key: 'company', label: t('powerInfo.tabs.company'), children: <CompanyPanel /> },
    ...(rights.viewDepartments ? [{ key: 'organisation', label: t('powerInfo.tabs.organisation'), children: <DepartmentPanel /> }] : []),
    ...(rights.viewMembers ? [{ key: 'members', label: t('powerInfo.tabs.members'), children: <MemberPanel /> }] : []),
    ...(rights.viewGroups ? [{ key: 'groups', label: t('powerInfo.tabs.groups'), children: <PermissionGroupPanel /> }] : []),
  ];
  return (
    <Card title={t('navBar.powerInfo')} variant="borderless" styles={{ body: { paddingTop: 0 } }}>
      <Tabs items={items} />
    </Card>
  );
}
