import { passwordSchema } from '@sunstack/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPasswordItem } from '../../../components/ConfirmPasswordItem.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { abandonPendingSession, type PendingSession, replaceOneTimePassword } from '../api/replaceOneTimePassword.ts';

/**
 * Shown right after signing in with a one-time password (set by an operator): the account chooses
 * its own password before anything else, or signs out.
 */
export default function ForcedPasswordChangeModal({
  pending,
  onDone,
  onCancel,
}: {
  pending: PendingSession;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [saving, setSaving] = useState(false);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null); // the fields show what is wrong
    if (!values) return;
    setSaving(true);
    try {
      await replaceOneTimePassword(pending, values.password);
      onDone();
    } catch (error) {
      showServerIssues(form, error, t);
    } finally {
      setSaving(false);
    }
  };

  const onSignOut = async () => {
    await abandonPendingSession(pending);
    onCancel();
  };

  return (
    <Modal
      open
      title={t('passwordChange.title')}
      onOk={onOk}
      onCancel={onSignOut}
      okText={t('passwordChange.submit')}
      cancelText={t('passwordChange.signOut')}
      confirmLoading={saving}
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('passwordChange.explanation')} style={{ marginBottom: 16 }} />
      {/* Named: its field ids must not repeat the sign-in form's ("password"), or labels point there. */}
      <Form form={form} name="oneTimePassword" layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('auth.newPassword')}
          name="password"
          extra={t('auth.passwordHint')}
          rules={[
            zodRule(passwordSchema, t),
            {
              validator: async (_, value) => {
                if (value === pending.oneTimePassword) throw new Error(t('passwordChange.sameAsOneTime'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <ConfirmPasswordItem of="password" />
      </Form>
    </Modal>
  );
}
