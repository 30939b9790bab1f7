import { type BranchKind, type BranchSummary, countryCodeSchema, emailSchema, signUpCodeSchema } from '@sunstack/shared';
import { Form, Input, Modal, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreateBranch } from '../api/createBranch.ts';
import { useBranchList } from '../api/listBranches.ts';
import { useUpdateBranch } from '../api/updateBranch.ts';

interface Values {
  name: string;
  country: string;
  email: string;
  code?: string;
  parentId?: number;
}

/**
 * Creates a distributor or agent, or edits one (`editing`). An administrator places a new agent
 * under a distributor; a distributor's agents go under itself. Without a code, one is generated.
 */
export function BranchDialog({
  kind,
  open,
  editing,
  chooseParent,
  onClose,
}: {
  kind: BranchKind;
  open: boolean;
  editing?: BranchSummary;
  chooseParent: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const countries = useCountries();
  const create = useCreateBranch(kind);
  const update = useUpdateBranch(kind);
  const [parentSearch, setParentSearch] = useState('');
  const parents = useBranchList('distributor', { name: parentSearch || undefined, pageSize: 20 }, open && chooseParent);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ name: editing.name, country: editing.country, email: editing.email, code: editing.code });
  }, [open, editing, form]);

  const onFinish = async ({ code, ...values }: Values) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...values, ...(code ? { code } : {}) });
        void message.success(t('distributor.saved', { name: values.name }));
      } else {
        const created = await create.mutateAsync({ ...values, ...(code ? { code } : {}) });
        void message.success(t('distributor.created', { name: values.name, code: created.code }), 8);
      }
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={
        editing
          ? t('distributor.edit', { name: editing.name })
          : t(kind === 'agent' ? 'distributor.newAgent' : 'distributor.newDistributor')
      }
      okText={t('common.save')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        {chooseParent && !editing && (
          <Form.Item label={t('distributor.parent')} name="parentId" rules={[{ required: true, message: t('distributor.parentRequired') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setParentSearch }}
              loading={parents.isFetching}
              options={parents.data?.branches.map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('distributor.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('distributor.nameLength') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('auth.country')} name="country" rules={[zodRule(countryCodeSchema, t)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={countries.data?.map((c) => ({ value: c.code, label: c.name }))} />
        </Form.Item>
        <Form.Item label={t('distributor.email')} name="email" rules={[zodRule(emailSchema, t)]}>
          <Input type="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          label={t('distributor.code')}
          name="code"
          extra={editing ? t('distributor.codeChangeHint') : t('distributor.codeHint')}
          rules={[zodRule(signUpCodeSchema, t, { optional: true })]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
