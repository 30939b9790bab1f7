import { Access, emailSchema, LANGUAGE_NAMES, LANGUAGES, type Language } from '@sunstack/shared';
import { Form, Input, Modal, message, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useBranchOptions } from '../api/branchOptions.ts';
import { useCreateInvitation } from '../api/createInvitation.ts';

interface Values {
  email: string;
  accountType: 1 | 2;
  organisationId?: number;
  language: Language;
}

/** Invites an email address to the caller's branch (or one below it) as installer or end user. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { access, language } = useClientStore();
  const create = useCreateInvitation();
  const [search, setSearch] = useState('');
  // Agents invite into their own branch; distributors may choose one of their agents, administrators any branch.
  const kinds: ('agent' | 'distributor')[] =
    access === Access.admin ? ['distributor', 'agent'] : access === Access.distributor ? ['agent'] : [];
  const branches = useBranchOptions(search, open ? kinds : []);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const onFinish = async (values: Values) => {
    try {
      await create.mutateAsync(values);
      void message.success(t('invitation.sent', { email: values.email }));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={t('invitation.new')}
      okText={t('invitation.send')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ accountType: Access.installer, language }}
        requiredMark={false}
      >
        <Form.Item label={t('auth.email')} name="email" rules={[zodRule(emailSchema, t)]}>
          <Input type="email" inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('invitation.role')} name="accountType">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: Access.installer, label: t('role.installer') },
              { value: Access.endUser, label: t('role.endUser') },
            ]}
          />
        </Form.Item>
        {kinds.length > 0 && (
          <Form.Item label={t('invitation.branch')} name="organisationId" extra={t('invitation.branchHint')}>
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder={t('invitation.ownBranch')}
              loading={branches.isFetching}
              options={branches.data?.map((branch) => ({
                value: branch.id,
                label: `${branch.name} · ${t(`invitation.kinds.${branch.kind}`)}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('invitation.mailLanguage')} name="language">
          <Select options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
