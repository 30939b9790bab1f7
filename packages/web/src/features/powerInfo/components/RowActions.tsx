import { DeleteOutlined } from '@ant-design/icons';
import type { Permission as PermissionCode } from '@sunstack/shared';
import { Button, type ButtonProps, message, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';

/** A small icon button among a table row's actions, its label shown on hover and read by screen readers. */
export function RowActionButton({ label, ...button }: { label: string } & Omit<ButtonProps, 'size' | 'type' | 'title'>) {
  return <Button size="small" type="text" title={label} aria-label={label} {...button} />;
}

/**
 * Deletes a row once confirmed, for accounts holding `permission`. A refusal (the row is still in
 * use) shows its errno message through the client; nothing else to do.
 */
export function DeleteRowButton({
  permission,
  confirmTitle,
  onDelete,
}: {
  permission: PermissionCode;
  confirmTitle: string;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Permission code={permission}>
      <Popconfirm
        title={confirmTitle}
        okText={t('powerInfo.delete')}
        cancelText={t('powerInfo.cancel')}
        onConfirm={() =>
          onDelete().then(
            () => message.success(t('powerInfo.deleted')),
            () => {},
          )
        }
      >
        <RowActionButton danger icon={<DeleteOutlined />} label={t('powerInfo.delete')} />
      </Popconfirm>
    </Permission>
  );
}
