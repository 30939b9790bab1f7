import { LANGUAGE_NAMES, LANGUAGES, type Language, mobileSchema, roleKey, type UpdateInfoBody } from '@sunstack/shared';
import { Button, Card, Col, Descriptions, Form, Input, message, Row, Select, Skeleton, Tabs, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { useUserInfo } from '../../../api/userInfo.ts';
import { ChangePasswordForm } from '../../../components/ChangePasswordForm.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useUpdateInfo } from '../api/updateInfo.ts';
import { PushSettings } from '../components/PushSettings.tsx';

function ProfileForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpdateInfoBody>();
  const user = useUserInfo();
  const countries = useCountries();
  const update = useUpdateInfo();
  useTabBusy(user.isFetching);
  useEffect(() => {
    if (user.data) form.setFieldsValue(user.data);
  }, [user.data, form]);

  if (!user.data) return <Skeleton active />;
  const onFinish = async (values: UpdateInfoBody) => {
    try {
      await update.mutateAsync(values);
      void message.success(t('userCenter.saved'));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'user', label: t('auth.username'), children: user.data.user },
          { key: 'email', label: t('auth.email'), children: user.data.email },
          { key: 'role', label: t('home.role'), children: <Tag color="blue">{t(roleKey(user.data.access))}</Tag> },
          { key: 'client', label: t('userCenter.clientId'), children: <code>{user.data.clientID}</code> },
          {
            key: 'mqtt',
            label: t('userCenter.apiMqtt'),
            children: user.data.apiMqttEnable ? t('userCenter.enabled') : t('userCenter.disabled'),
          },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 720 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('userCenter.name')} name="name" rules={[{ max: 200, message: t('validation.tooLong') }]}>
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.mobile')} name="phone" rules={[zodRule(mobileSchema, t, { optional: true })]}>
              <Input autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('auth.country')} name="country">
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={countries.isLoading}
                options={countries.data?.map((c) => ({ value: c.code, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('userCenter.city')} name="city" rules={[{ max: 200, message: t('validation.tooLong') }]}>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item label={t('userCenter.address')} name="address" rules={[{ max: 200, message: t('validation.tooLong') }]}>
              <Input autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label={t('userCenter.postcode')} name="postcode" rules={[{ max: 16, message: t('validation.tooLong') }]}>
              <Input autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('userCenter.introduction')} name="introduction" rules={[{ max: 1000, message: t('validation.tooLong') }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('userCenter.note')} name="note" rules={[{ max: 1000, message: t('validation.tooLong') }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}

/** The account language sets the language of emails; choosing it here also switches the console. */
function LanguageForm() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const update = useUpdateInfo();
  const onChange = async (language: Language) => {
    await update.mutateAsync({ language });
    await changeLanguage(language);
    useClientStore.getState().setLanguage(language);
    void message.success(t('userCenter.saved'));
  };
  return (
    <Form layout="vertical" style={{ maxWidth: 400 }}>
      <Form.Item label={t('userCenter.accountLanguage')} extra={t('userCenter.accountLanguageHint')}>
        <Select
          value={user.data?.language}
          loading={update.isPending}
          onChange={(language) => void onChange(language).catch(() => {})}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        />
      </Form.Item>
    </Form>
  );
}

export default function UserCenterPage() {
  const { t } = useTranslation();
  // Pushes carry alarm notices: for whoever reaches the alarm list.
  const seesAlarms = useClientStore((state) => state.menus.includes('alarm') || state.menus.includes('integrator-alarm'));
  return (
    <Card title={t('navBar.userCenter')} variant="borderless" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        items={[
          { key: 'profile', label: t('userCenter.profile'), children: <ProfileForm /> },
          { key: 'password', label: t('userCenter.security'), children: <ChangePasswordForm /> },
          { key: 'language', label: t('userCenter.language'), children: <LanguageForm /> },
          ...(seesAlarms ? [{ key: 'notifications', label: t('userCenter.notifications'), children: <PushSettings /> }] : []),
        ]}
      />
    </Card>
  );
}
