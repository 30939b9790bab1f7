import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@sunstack/shared';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { landingScreen } from '../../../app/screens.ts';
import { useLogin } from '../api/login.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { ResetPasswordModal } from '../components/ResetPasswordModal.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [resetOpen, setResetOpen] = useState(false);

  const onFinish = async (values: LoginBody) => {
    const access = await login.mutateAsync(values).catch(() => null);
    if (access !== null) navigate(landingScreen(access), { replace: true });
  };

  return (
    <AuthFrame title={t('navBar.login')}>
      <Form layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item label={t('auth.user')} name="user" rules={[{ required: true, message: t('validation.required') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('auth.userPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <Button type="link" size="small" onClick={() => setResetOpen(true)} style={{ padding: 0 }}>
            {t('auth.forgotPassword')}
          </Button>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to="/signUp">{t('auth.signUpLink')}</Link>
      </Typography.Paragraph>
      <ResetPasswordModal open={resetOpen} onClose={() => setResetOpen(false)} />
    </AuthFrame>
  );
}
