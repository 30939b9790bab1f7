import { passwordSchema, usernameSchema, verificationCodeSchema } from '@sunstack/shared';
import { Alert, Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPasswordItem } from '../../../components/ConfirmPasswordItem.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { QueryProvider } from '../../../lib/queryClient.tsx';
import { useResetPassword } from '../api/resetPassword.ts';
import { CodeButton } from './CodeButton.tsx';

interface ResetValues {
  user: string;
  captcha: string;
  password: string;
  confirmPassword: string;
}

/** Password reset: a code goes to the mailbox bound to the user name, then a new password is set. */
export default function ResetPasswordModal(props: { open: boolean; onClose: () => void }) {
  return (
    <QueryProvider>
      <ResetPassword {...props} />
    </QueryProvider>
  );
}

function ResetPassword({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const [codeSent, setCodeSent] = useState(false);

  const onOk = async () => {
    const { confirmPassword: _, ...values } = await form.validateFields();
    try {
      await reset.mutateAsync(values);
      void message.success(t('auth.resetDone'));
      form.resetFields();
      setCodeSent(false);
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      title={t('auth.resetTitle')}
      open={open}
      onCancel={onClose}
      onOk={onOk}
      okText={t('auth.resetSubmit')}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label={t('auth.username')} name="user" rules={[zodRule(usernameSchema, t)]}>
          <Input autoComplete="username" />
        </Form.Item>
        {codeSent && <Alert type="info" showIcon title={t('auth.codeSentToBoundMailbox')} style={{ marginBottom: 16 }} />}
        <Form.Item label={t('auth.code')} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="captcha" noStyle rules={[zodRule(verificationCodeSchema, t)]}>
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <CodeButton
              request={async () => {
                const user = await form.validateFields(['user']).then((v) => v.user);
                return { purpose: 'reset', user };
              }}
              onSent={() => setCodeSent(true)}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('auth.newPassword')} name="password" rules={[zodRule(passwordSchema, t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordItem of="password" />
      </Form>
    </Modal>
  );
}
