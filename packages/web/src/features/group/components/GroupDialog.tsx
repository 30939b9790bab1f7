import { GROUP_KINDS, type GroupKind, type GroupSummary } from '@sunstack/shared';
import { Form, Input, Modal, message, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useCreateGroup } from '../api/createGroup.ts';
import { useRenameGroup } from '../api/renameGroup.ts';

/** Creates a group of plants or devices, or renames one (`editing`). */
export function GroupDialog({ open, editing, onClose }: { open: boolean; editing?: GroupSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ kind: GroupKind; name: string }>();
  const create = useCreateGroup();
  const rename = useRenameGroup();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ kind: editing.kind, name: editing.name });
  }, [open, editing, form]);

  const onFinish = async (values: { kind: GroupKind; name: string }) => {
    try {
      if (editing) await rename.mutateAsync({ id: editing.id, name: values.name });
      else await create.mutateAsync(values);
      void message.success(t('group.saved', { name: values.name }));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('group.rename', { name: editing.name }) : t('group.new')}
      okText={t('common.save')}
      confirmLoading={create.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ kind: 'plant' }} requiredMark={false}>
        <Form.Item label={t('group.kind')} name="kind">
          <Radio.Group
            disabled={editing !== undefined}
            optionType="button"
            buttonStyle="solid"
            options={GROUP_KINDS.map((kind) => ({ value: kind, label: t(`group.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('group.name')} name="name" rules={[{ required: true, whitespace: true, message: t('group.nameLength') }]}>
          <Input maxLength={64} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
