import type { Command, DeviceSettingsReported } from '@sunstack/shared';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandStateTag } from './CommandStateTag.tsx';
import { answerText, commandText } from './commandText.ts';

/** A card of the remote setting screen that sends commands: its device, the command it sent last, and where it tells a new one. */
export interface CommandCardProps {
  device: DeviceSettingsReported;
  latest: Command | undefined;
  onSent: (commandId: string) => void;
}

/** The command a card sent last, as it goes: its state and progress, then the device's answer. */
export function LatestCommand({ command }: { command: Command | undefined }) {
  const { t } = useTranslation();
  if (!command) return null;
  const tone = { done: 'success', failed: 'error', expired: 'error' } as const;
  const answer = answerText(t, command);
  return (
    <Alert
      role="status"
      style={{ marginTop: 12 }}
      type={tone[command.state as keyof typeof tone] ?? 'info'}
      title={
        <Flex gap={8} wrap align="start" justify="space-between">
          <span>{commandText(t, command)}</span>
          <CommandStateTag command={command} />
        </Flex>
      }
      description={answer ? t('remoteSetting.answer', { answer }) : undefined}
    />
  );
}
