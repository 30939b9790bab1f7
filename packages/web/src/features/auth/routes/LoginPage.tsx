import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input, theme } from 'antd';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { landingScreen } from '../../../lib/screens.ts';
import { signIn } from '../api/login.ts';
import type { PendingSession } from '../api/replaceOneTimePassword.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';

// The reset dialog (a modal, codes, more fields) loads when first opened; so does the one-time password change.
const ResetPasswordModal = lazy(() => import('../components/ResetPasswordModal.tsx'));
const ForcedPasswordChangeModal = lazy(() => import('../components/ForcedPasswordChangeModal.tsx'));

/**
 * Sign-in. A plain form with Ant Design inputs rather than antd Form: two fields need no form
 * engine, and the first page everyone loads stays small (bench/RESULTS.md).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [oneTime, setOneTime] = useState<PendingSession | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!user.trim() || !password) return;
    setPending(true);
    const outcome = await signIn({ user: user.trim(), password }).catch(() => null);
    setPending(false);
    if (outcome?.passwordChangeRequired) setOneTime({ token: outcome.token, access: outcome.access, oneTimePassword: password });
    else if (outcome) navigate(landingScreen(outcome.access), { replace: true });
  };

  const field = (id: string, label: string, value: string, input: React.ReactNode) => {
    const missing = submitted && !value.trim();
    return (
      <div style={{ marginBottom: 20 }}>
        <label htmlFor={id} style={{ display: 'block', marginBottom: 8 }}>
          {label}
        </label>
        {input}
        {missing && (
          <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: 4 }}>
            {t('validation.required')}
          </div>
        )}
      </div>
    );
  };

  return (
    <AuthFrame title={t('navBar.login')}>
      <form onSubmit={onSubmit} noValidate>
        {field(
          'user',
          t('auth.user'),
          user,
          <Input
            id="user"
            size="large"
            prefix={<UserOutlined />}
            autoComplete="username"
            placeholder={t('auth.userPlaceholder')}
            value={user}
            onChange={(event) => setUser(event.target.value)}
            status={submitted && !user.trim() ? 'error' : undefined}
            aria-describedby={submitted && !user.trim() ? 'user-error' : undefined}
          />,
        )}
        {field(
          'password',
          t('auth.password'),
          password,
          <Input.Password
            id="password"
            size="large"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            status={submitted && !password ? 'error' : undefined}
            aria-describedby={submitted && !password ? 'password-error' : undefined}
          />,
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: -12, marginBottom: 16 }}>
          <Button type="link" size="small" onClick={() => setResetOpen(true)} style={{ padding: 0 }}>
            {t('auth.forgotPassword')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={pending}>
          {t('auth.signIn')}
        </Button>
      </form>
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to="/signUp">{t('auth.signUpLink')}</Link>
      </p>
      {resetOpen && (
        <Suspense>
          <ResetPasswordModal open onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
      {oneTime && (
        <Suspense>
          <ForcedPasswordChangeModal
            pending={oneTime}
            onDone={() => navigate(landingScreen(oneTime.access), { replace: true })}
            onCancel={() => {
              setOneTime(null);
              setPassword('');
            }}
          />
        </Suspense>
      )}
    </AuthFrame>
  );
}
