import {
  Access,
  countryCodeSchema,
  emailSchema,
  mobileSchema,
  passwordSchema,
  type RegisterBody,
  roleKey,
  usernameSchema,
  verificationCodeSchema,
} from '@sunstack/shared';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCountries } from '../../../api/countries.ts';
import { ConfirmPasswordItem } from '../../../components/ConfirmPasswordItem.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { QueryProvider } from '../../../lib/queryClient.tsx';
import { landingScreen } from '../../../lib/screens.ts';
import { useInvitationCheck } from '../api/checkInvitation.ts';
import { useRegister } from '../api/register.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { CodeButton } from '../components/CodeButton.tsx';

type SignUpValues = Omit<RegisterBody, 'language'> & { confirmPassword: string };

export default function SignUpPage() {
  return (
    <QueryProvider>
      <SignUp />
    </QueryProvider>
  );
}

function SignUp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignUpValues>();
  const register = useRegister();
  const countries = useCountries();
  const language = useClientStore((state) => state.language);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [terms, setTerms] = useState<'terms' | 'privacy' | null>(null);
  // An invitation link (/signUp?invitation=…) fixes the address, the role and the branch, and stands for the emailed code.
  const [params] = useSearchParams();
  const invitationToken = params.get('invitation');
  const invitation = useInvitationCheck(invitationToken);
  const invited = invitation.data;
  useEffect(() => {
    if (invited) form.setFieldsValue({ email: invited.email, accountType: invited.accountType as SignUpValues['accountType'] });
  }, [invited, form]);

  const onFinish = async ({ confirmPassword: _, orgCode, ...values }: SignUpValues) => {
    try {
      const joining = invited && invitationToken ? { invitation: invitationToken, captcha: undefined } : orgCode ? { orgCode } : {};
      const access = await register.mutateAsync({ ...values, ...joining, language });
      navigate(landingScreen(access), { replace: true });
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <AuthFrame title={t('navBar.signUp')} width={560}>
      {invited && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('invitation.joining', { organisation: invited.organisation, role: t(roleKey(invited.accountType)) })}
        />
      )}
      {invitation.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('invitation.invalidLink')}
          description={<Link to="/signUp">{t('invitation.signUpWithout')}</Link>}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ accountType: Access.endUser, agreement: false }}
        scrollToFirstError
      >
        <Form.Item label={t('auth.accountType')} name="accountType">
          <Radio.Group
            disabled={invited !== undefined}
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: Access.endUser, label: t('role.endUser') },
              { value: Access.installer, label: t('role.installer') },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.username')} name="user" rules={[zodRule(usernameSchema, t)]} extra={t('auth.usernameHint')}>
              <Input autoComplete="username" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.mobile')} name="mobile" rules={[zodRule(mobileSchema, t)]}>
              <Input autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.password')} name="password" rules={[zodRule(passwordSchema, t)]} extra={t('auth.passwordHint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <ConfirmPasswordItem of="password" />
          </Col>
        </Row>
        <Form.Item label={t('auth.email')} name="email" rules={[zodRule(emailSchema, t)]}>
          <Input autoComplete="email" inputMode="email" disabled={invited !== undefined} />
        </Form.Item>
        {!invited && (
          <Form.Item label={t('auth.code')} required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="captcha" noStyle rules={[zodRule(verificationCodeSchema, t)]}>
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('auth.code')} />
              </Form.Item>
              <CodeButton
                request={async () => {
                  const { email } = await form.validateFields(['email']);
                  return { purpose: 'register', email, language };
                }}
                onSent={() => setCodeSentTo(form.getFieldValue('email'))}
              />
            </div>
          </Form.Item>
        )}
        {codeSentTo && <Alert type="info" showIcon title={t('auth.codeSent', { email: codeSentTo })} style={{ marginBottom: 16 }} />}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.country')} name="country" rules={[zodRule(countryCodeSchema, t)]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={countries.isLoading}
                options={countries.data?.map((c) => ({ value: c.code, label: c.name }))}
                aria-label={t('auth.country')}
              />
            </Form.Item>
          </Col>
          {!invited && (
            <Col xs={24} sm={12}>
              <Form.Item label={t('auth.orgCode')} name="orgCode" extra={t('auth.orgCodeHint')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[{ validator: async (_, checked) => !checked && Promise.reject(new Error(t('validation.agreementRequired'))) }]}
        >
          <Checkbox>
            {t('auth.agreePrefix')} <Typography.Link onClick={() => setTerms('terms')}>{t('auth.termsOfService')}</Typography.Link>{' '}
            {t('auth.and')} <Typography.Link onClick={() => setTerms('privacy')}>{t('auth.privacyPolicy')}</Typography.Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('auth.createAccount')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signInLink')}</Link>
      </Typography.Paragraph>
      <Modal
        open={terms !== null}
        title={terms === 'privacy' ? t('auth.privacyPolicy') : t('auth.termsOfService')}
        onCancel={() => setTerms(null)}
        footer={null}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
          {terms === 'privacy' ? t('auth.privacyText') : t('auth.termsText')}
        </Typography.Paragraph>
      </Modal>
    </AuthFrame>
  );
}
