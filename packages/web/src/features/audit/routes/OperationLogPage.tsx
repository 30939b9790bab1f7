import { Card, Empty, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { exportAccountLog } from '../api/accountLog.ts';
import { exportOperationLog } from '../api/operationLog.ts';
import { AccountLog, type AccountLogFilters } from '../components/AccountLog.tsx';
import { ExportButton } from '../components/ExportButton.tsx';
import { OperationLog, type OperationLogFilters } from '../components/OperationLog.tsx';

type View = 'operation' | 'account';

/**
 * Log audit (spec section 6): the operation log (every change with who, when, from where, before
 * and after) and the account log (sign-ins, password changes and resets, disabling), switched in
 * place, each behind its own switch. A log loads when first shown and then stays mounted; the
 * filters live here, so switching keeps them and the export takes the shown log's.
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const buttons = useClientStore((state) => state.buttons);
  const operation = usePagedFilters<OperationLogFilters>({});
  const account = usePagedFilters<AccountLogFilters>({});
  const views: View[] = [];
  if (buttons.includes('audit.operationLog')) views.push('operation');
  if (buttons.includes('audit.accountLog')) views.push('account');
  const [chosen, setChosen] = useState<View>();
  const active = chosen && views.includes(chosen) ? chosen : views[0];
  const [shown, setShown] = useState<ReadonlySet<View>>(new Set());
  if (active && !shown.has(active)) setShown(new Set([...shown, active]));

  return (
    <Card title={t('navBar.logAudit')} variant="borderless">
      {!active && <Empty description={t('common.noPermissions')} />}
      {active && (
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          {views.length > 1 ? (
            <Segmented<View>
              value={active}
              onChange={setChosen}
              options={views.map((view) => ({
                value: view,
                label: t(view === 'operation' ? 'accountLog.operationLog' : 'accountLog.accountLog'),
              }))}
            />
          ) : (
            <span />
          )}
          {active === 'operation' ? (
            <ExportButton query={operation.query} exportFile={exportOperationLog} />
          ) : (
            <ExportButton query={account.query} exportFile={exportAccountLog} />
          )}
        </Flex>
      )}
      {shown.has('operation') && (
        <div hidden={active !== 'operation'}>
          <OperationLog paging={operation} />
        </div>
      )}
      {shown.has('account') && (
        <div hidden={active !== 'account'}>
          <AccountLog paging={account} />
        </div>
      )}
    </Card>
  );
}
