import { deviceCalls, type Permission as PermissionCode } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, message, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatCount } from '../../../lib/format.ts';
import { request } from '../../../lib/http.ts';

const SWITCH: PermissionCode = 'device.clearHistory';

/**
 * Clears a device's history (spec section 6, switch device.clearHistory; the call's roles) after a confirmation that
 * says what goes and what stays; its figures are read again.
 */
export function ClearHistoryButton({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useClientStore((state) => state.access);
  const clear = useMutation({
    mutationFn: () => request(deviceCalls.clearHistory, { sn }, { loading: true }),
    onSuccess: ({ samples }) => {
      void message.success(t('device.historyCleared', { samples: formatCount(samples) }));
      return queryClient.invalidateQueries({ queryKey: ['device'] });
    },
  });
  if (!(deviceCalls.clearHistory.access as readonly number[]).includes(access)) return null;
  return (
    <Permission code={SWITCH}>
      <Popconfirm
        title={t('device.clearHistoryQuestion', { sn })}
        okText={t('device.clearHistory')}
        okButtonProps={{ danger: true }}
        onConfirm={() => clear.mutateAsync().catch(() => {})}
      >
        <Button danger loading={clear.isPending}>
          {t('device.clearHistory')}
        </Button>
      </Popconfirm>
    </Permission>
  );
}
