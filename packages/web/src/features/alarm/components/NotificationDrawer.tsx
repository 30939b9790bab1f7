import { ApiOutlined, BellOutlined, DeleteOutlined, EditOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import type { NotificationSubscription } from '@sunstack/shared';
import { Button, Drawer, Empty, Flex, message, Popconfirm, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { useDeleteSubscription } from '../api/deleteSubscription.ts';
import { useSubscriptions } from '../api/listSubscriptions.ts';
import { type Editing, SubscriptionModal } from './SubscriptionModal.tsx';

/**
 * The caller's alarm notifications, from the alarm screens: per plant or for every plant in scope,
 * with severities and channels (email, push, webhook), added, changed and deleted here.
 */
export function NotificationDrawer({ open, plantSearch, onClose }: { open: boolean; plantSearch: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = useSubscriptions(open);
  const remove = useDeleteSubscription();
  const [editing, setEditing] = useState<Editing>();
  const subscriptions = list.data?.subscriptions ?? [];

  const plantLabel = (subscription: NotificationSubscription) =>
    subscription.plantId === null ? t('alarmNotify.allPlants') : subscription.plantName || t('alarmNotify.plantGone');

  return (
    <Drawer
      open={open}
      title={t('alarmNotify.title')}
      size="min(560px, 100vw)"
      onClose={onClose}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('alarmNotify.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('alarmNotify.intro')}</Typography.Paragraph>
      {!list.data ? (
        <Skeleton active />
      ) : subscriptions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmNotify.empty')} />
      ) : (
        <Flex vertical component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {subscriptions.map((subscription) => (
            <Flex
              key={subscription.id}
              component="li"
              gap={12}
              justify="space-between"
              align="start"
              style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
            >
              <Flex vertical gap={6} style={{ minWidth: 0 }}>
                <Typography.Text strong>{plantLabel(subscription)}</Typography.Text>
                <Flex wrap gap={6} align="center">
                  {subscription.severities.map((severity) => (
                    <SeverityTag key={severity} severity={severity} />
                  ))}
                  {subscription.email && (
                    <Tag icon={<MailOutlined />} style={{ marginInlineEnd: 0 }}>
                      {t('alarmNotify.email')}
                    </Tag>
                  )}
                  {subscription.push && (
                    <Tag icon={<BellOutlined />} style={{ marginInlineEnd: 0 }}>
                      {t('alarmNotify.push')}
                    </Tag>
                  )}
                  {subscription.webhookUrl && (
                    <Tag icon={<ApiOutlined />} style={{ marginInlineEnd: 0 }}>
                      {t('alarmNotify.webhookTag')}
                    </Tag>
                  )}
                  {subscription.storm && (
                    <Tooltip title={t('alarmNotify.stormHint')}>
                      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                        {t('alarmNotify.storm')}
                      </Tag>
                    </Tooltip>
                  )}
                </Flex>
                {subscription.webhookUrl && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: subscription.webhookUrl }}>
                    {subscription.webhookUrl}
                  </Typography.Text>
                )}
              </Flex>
              <Flex gap={8} style={{ flex: 'none' }}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('alarmNotify.editOf', { plant: plantLabel(subscription) })}
                  onClick={() => setEditing(subscription)}
                />
                <Popconfirm
                  title={t('alarmNotify.deleteConfirm', { plant: plantLabel(subscription) })}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await remove.mutateAsync(subscription.id);
                    void message.success(t('alarmNotify.deleted'));
                  }}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('alarmNotify.deleteOf', { plant: plantLabel(subscription) })}
                  />
                </Popconfirm>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      <SubscriptionModal editing={editing} existing={subscriptions} plantSearch={plantSearch} onClose={() => setEditing(undefined)} />
    </Drawer>
  );
}
