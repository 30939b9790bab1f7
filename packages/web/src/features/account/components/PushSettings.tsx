import type { PushSubscribeBody } from '@sunstack/shared';
import { Alert, Button, Flex, List, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pushKey, usePushBrowsers, usePushSubscribe, usePushUnsubscribe } from '../api/push.ts';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A base64url key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Alarm notices as Web Push, per browser (issue 21, owner feature 5): this browser on or off, and the
 * other browsers of the account that receive them. What is pushed is what the alarm subscriptions
 * (alarm list, "Notifications") choose; pushes go beside their email and webhook.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const browsers = usePushBrowsers();
  const subscribe = usePushSubscribe();
  const unsubscribe = usePushUnsubscribe();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);

  if (!supported()) return <Alert type="info" showIcon title={t('userCenter.pushUnsupported')} />;
  const listed = browsers.data?.browsers ?? [];
  const on = endpoint !== null && listed.some((browser) => browser.endpoint === endpoint);

  const turnOn = async () => {
    setProblem(null);
    if ((await Notification.requestPermission()) !== 'granted') return setProblem(t('userCenter.pushDenied'));
    const { publicKey } = await pushKey();
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    await subscribe.mutateAsync(subscription.toJSON() as PushSubscribeBody);
    setEndpoint(subscription.endpoint);
  };
  const turnOff = async () => {
    setProblem(null);
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync(subscription.endpoint).catch(() => {});
      await subscription.unsubscribe();
    }
    setEndpoint(null);
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('userCenter.pushHint')}
      </Typography.Paragraph>
      <Flex gap={12} align="center">
        <Switch
          checked={on}
          loading={subscribe.isPending || unsubscribe.isPending}
          onChange={(checked) => void (checked ? turnOn() : turnOff()).catch(() => setProblem(t('userCenter.pushFailed')))}
          aria-label={t('userCenter.pushThisBrowser')}
        />
        <Typography.Text>{t('userCenter.pushThisBrowser')}</Typography.Text>
      </Flex>
      {problem && <Alert type="warning" showIcon title={problem} />}
      <List
        size="small"
        header={<Typography.Text strong>{t('userCenter.pushBrowsers')}</Typography.Text>}
        loading={browsers.isLoading}
        locale={{ emptyText: t('userCenter.pushNoBrowsers') }}
        dataSource={listed}
        renderItem={(browser) => (
          <List.Item
            actions={[
              <Button key="off" size="small" onClick={() => void unsubscribe.mutateAsync(browser.endpoint)}>
                {t('userCenter.pushRemove')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={browser.endpoint === endpoint ? t('userCenter.pushThisOne') : browser.userAgent || new URL(browser.endpoint).host}
              description={t('userCenter.pushSince', { time: formatDateTime(browser.createdAt, language) })}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
