import { Button, type ButtonProps, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A button that sends a command: asked first when `question` is given (device configuration) or
 * when the datalogger is offline, which the question then says (the command waits until it connects).
 */
export function ConfirmSend({
  connected,
  question,
  onConfirm,
  ...button
}: { connected: boolean; question?: string; onConfirm: () => Promise<unknown> } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  // A refusal is shown by the call itself (its errno) or under the fields it names.
  const send = () => onConfirm().catch(() => {});
  if (connected && question === undefined) return <Button {...button} onClick={send} />;
  return (
    <Popconfirm
      title={question ?? t('remoteSetting.sendOffline')}
      description={connected ? undefined : t('remoteSetting.offlineWait')}
      okText={t('remoteSetting.confirm')}
      cancelText={t('remoteSetting.cancel')}
      onConfirm={send}
    >
      <Button {...button} />
    </Popconfirm>
  );
}
