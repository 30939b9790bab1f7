import { passwordSchema } from '@sunstack/shared';
import { Button, Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/changePassword.ts';
import { showServerIssues, zodRule } from '../lib/forms.ts';
import { ConfirmPasswordItem } from './ConfirmPasswordItem.tsx';

/** One's own password: the current one, the new one twice. The user center's security tab, and the integrator's header menu. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirmPassword: string }>();
  const change = useChangePassword();
  const onFinish = async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.resetFields();
      void message.success(t('userCenter.passwordChanged'));
      onChanged?.();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 400 }}>
      <Form.Item label={t('userCenter.currentPassword')} name="oldPassword" rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t('auth.newPassword')} name="newPassword" rules={[zodRule(passwordSchema, t)]} extra={t('auth.passwordHint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <ConfirmPasswordItem of="newPassword" />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('userCenter.changePassword')}
      </Button>
    </Form>
  );
}
