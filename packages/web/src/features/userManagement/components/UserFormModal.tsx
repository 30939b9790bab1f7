import {
  emailSchema,
  manageableRoles,
  mobileSchema,
  ORGANISATION_KINDS_OF_ROLE,
  profileText,
  type Role,
  roleKey,
  type UserOrganisation,
  type UserSummary,
  usernameSchema,
} from '@sunstack/shared';
import { Form, Input, Modal, message, Select, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreateUser } from '../api/createUser.ts';
import { useEditUser } from '../api/editUser.ts';
import { useUserOrganisations } from '../api/userOrganisations.ts';
import type { IssuedPassword } from './OneTimePasswordModal.tsx';

interface Values {
  username: string;
  email: string;
  name?: string;
  phone?: string;
  access: Role;
  organisationId: number;
}

/** The fields an edit changed, so the operation log's "after" names only those. */
function changedFields(values: Values, before: UserSummary) {
  const changes: Partial<Values> = {};
  if (values.email !== before.email) changes.email = values.email;
  if ((values.name ?? '') !== before.name) changes.name = values.name ?? '';
  if ((values.phone ?? '') !== before.phone) changes.phone = values.phone ?? '';
  if (values.access !== before.access) changes.access = values.access;
  if (values.organisationId !== before.organisationId) changes.organisationId = values.organisationId;
  return changes;
}

/**
 * Creates an account (the server answers a one-time password) or changes one. Roles offered are
 * those below the caller's own; organisations those of its branch that fit the chosen role.
 */
export function UserFormModal({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The account to change; null to create one. */
  editing: UserSummary | null;
  onClose: () => void;
  onCreated: (issued: IssuedPassword) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const myAccess = useClientStore((state) => state.access);
  const create = useCreateUser();
  const edit = useEditUser();
  const [search, setSearch] = useState('');
  /** The organisation last chosen, kept among the choices while a search shows others. */
  const [picked, setPicked] = useState<UserOrganisation | null>(null);
  const organisations = useUserOrganisations(search, open);
  const access = Form.useWatch('access', form);

  useEffect(() => {
    if (!open) return;
    setSearch('');
    setPicked(null);
    form.resetFields();
    if (editing) {
      const { email, name, phone, access: role, organisationId } = editing;
      form.setFieldsValue({ email, name, phone, access: role as Role, organisationId });
    }
  }, [open, editing, form]);

  // Those found, plus the account's own and the one picked, so neither disappears during a search.
  const known = useMemo(() => {
    const kept: UserOrganisation[] = [];
    if (editing) kept.push({ id: editing.organisationId, name: editing.organisationName, kind: editing.organisationKind });
    if (picked) kept.push(picked);
    const all = [...kept, ...(organisations.data?.organisations ?? [])];
    return all.filter((o, index) => all.findIndex((other) => other.id === o.id) === index);
  }, [organisations.data, editing, picked]);
  const choices = useMemo(
    () => (access ? known.filter((o) => ORGANISATION_KINDS_OF_ROLE[access].includes(o.kind)) : known),
    [known, access],
  );

  // An organisation that does not fit the chosen role is dropped; a new account then goes to the
  // first that fits (the caller's own, for a manager), an edited one waits for a choice.
  useEffect(() => {
    const current = form.getFieldValue('organisationId') as number | undefined;
    if (current !== undefined && choices.some((o) => o.id === current)) return;
    if (current !== undefined && !known.some((o) => o.id === current)) return;
    form.setFieldValue('organisationId', editing || search ? undefined : choices[0]?.id);
  }, [choices, known, editing, search, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null); // the fields show what is wrong
    if (!values) return;
    try {
      if (editing) {
        await edit.mutateAsync({ id: editing.id, ...changedFields(values, editing) });
        void message.success(t('userManagement.saved'));
        onClose();
      } else {
        const issued = await create.mutateAsync({ ...values, name: values.name || undefined, phone: values.phone || undefined });
        onCreated({ username: values.username, password: issued.password });
        onClose();
      }
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('userManagement.editTitle', { user: editing.username }) : t('userManagement.create')}
      onOk={onOk}
      onCancel={onClose}
      okText={editing ? t('common.save') : t('userManagement.create')}
      confirmLoading={create.isPending || edit.isPending}
      destroyOnHidden
    >
      <Form form={form} name="account" layout="vertical" requiredMark={false}>
        {!editing && (
          <Form.Item label={t('auth.username')} name="username" rules={[zodRule(usernameSchema, t)]} extra={t('auth.usernameHint')}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label={t('auth.email')} name="email" rules={[zodRule(emailSchema, t)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('userManagement.name')} name="name" rules={[zodRule(profileText(), t, { optional: true })]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('auth.mobile')} name="phone" rules={[zodRule(mobileSchema, t, { optional: true })]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('userManagement.role')} name="access" rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={manageableRoles(myAccess).map((role) => ({ value: role, label: t(roleKey(role)) }))} />
        </Form.Item>
        <Form.Item
          label={t('userManagement.organisation')}
          name="organisationId"
          rules={[{ required: true, message: t('validation.required') }]}
          extra={t('userManagement.organisationHint')}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            onChange={(id: number) => setPicked(known.find((o) => o.id === id) ?? null)}
            loading={organisations.isFetching}
            notFoundContent={t('userManagement.noOrganisation')}
            options={choices.map((o) => ({
              value: o.id,
              label: (
                <span>
                  {o.name} <Tag style={{ marginInlineStart: 4 }}>{t(`userManagement.kinds.${o.kind}`)}</Tag>
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
