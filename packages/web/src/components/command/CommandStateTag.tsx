import type { Command, CommandState } from '@sunstack/shared';
import { Flex, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../StatusTag.tsx';

const TONES: Record<CommandState, StatusTone> = {
  queued: 'default',
  sent: 'default',
  accepted: 'warning',
  progress: 'warning',
  done: 'success',
  failed: 'error',
  expired: 'error',
  cancelled: 'default',
};

/** A command's state, and how far it got while it runs. */
export function CommandStateTag({ command }: { command: Pick<Command, 'state' | 'progress'> }) {
  const { t } = useTranslation();
  const running = command.state === 'accepted' || command.state === 'progress';
  return (
    <Flex vertical gap={4} align="start">
      <StatusTag tone={TONES[command.state]}>{t(`remoteSetting.state.${command.state}`)}</StatusTag>
      {running && command.progress !== null && <Progress percent={command.progress} size="small" style={{ width: 96, margin: 0 }} />}
    </Flex>
  );
}
