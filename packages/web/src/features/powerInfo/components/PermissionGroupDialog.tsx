import { type Permission, type PermissionGroupSummary, permissionGroupCreateBody } from '@sunstack/shared';
import { Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreatePermissionGroup } from '../api/createPermissionGroup.ts';
import { useUpdatePermissionGroup } from '../api/updatePermissionGroup.ts';
import { SwitchPicker } from './SwitchPicker.tsx';

type Values = { name: string; permissions: Permission[] };

/** Adds a permission group (`group` null) or changes one: its name and its switches. */
export function PermissionGroupDialog({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: PermissionGroupSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreatePermissionGroup();
  const update = useUpdatePermissionGroup();
  const onOk = async () => {
    const values = await form.validateFields();
    try {
      if (group) await update.mutateAsync({ id: group.id, ...values });
      else await create.mutateAsync(values);
      void message.success(t('powerInfo.saved'));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  return (
    <Modal
      open={open}
      title={group ? t('powerInfo.group.edit') : t('powerInfo.group.add')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('powerInfo.cancel')}
      confirmLoading={create.isPending || update.isPending}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: group?.name ?? '', permissions: (group?.permissions ?? []) as Permission[] }}
      >
        <Form.Item label={t('powerInfo.group.name')} name="name" rules={[zodRule(permissionGroupCreateBody.shape.name, t)]}>
          <Input autoFocus maxLength={64} />
        </Form.Item>
        <Form.Item label={t('powerInfo.group.switches')} name="permissions" extra={group ? t('powerInfo.group.editHint') : undefined}>
          <SwitchPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
