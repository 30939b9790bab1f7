import { EditOutlined } from '@ant-design/icons';
import { type CompanyUpdateBody, companyUpdateBody } from '@sunstack/shared';
import { Button, Col, Descriptions, Flex, Form, Input, message, Row, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { Permission } from '../../../components/Permission.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useCompanyInfo } from '../api/companyInfo.ts';
import { useUpdateCompany } from '../api/updateCompany.ts';

const field = companyUpdateBody.shape;

/** Basic information: the manufacturer's name, address, country, email, phone and website. */
export function CompanyPanel() {
  const { t } = useTranslation();
  const company = useCompanyInfo();
  const countries = useCountries();
  const update = useUpdateCompany();
  const [form] = Form.useForm<CompanyUpdateBody>();
  const [editing, setEditing] = useState(false);
  useTabBusy(company.isFetching);

  if (!company.data) return <Skeleton active />;
  const shown = (text: string) => text || <Typography.Text type="secondary">{t('powerInfo.company.notSet')}</Typography.Text>;
  const countryName = countries.data?.find((country) => country.code === company.data.country)?.name ?? company.data.country;

  const onFinish = async (values: CompanyUpdateBody) => {
    try {
      await update.mutateAsync({ ...values, country: values.country ?? '' });
      void message.success(t('powerInfo.company.saved'));
      setEditing(false);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  if (!editing) {
    return (
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: t('powerInfo.company.name'), children: company.data.name },
            { key: 'country', label: t('powerInfo.company.country'), children: shown(countryName) },
            { key: 'address', label: t('powerInfo.company.address'), children: shown(company.data.address), span: { xs: 1, md: 2 } },
            { key: 'email', label: t('powerInfo.company.email'), children: shown(company.data.email) },
            { key: 'phone', label: t('powerInfo.company.phone'), children: shown(company.data.phone) },
            {
              key: 'website',
              label: t('powerInfo.company.website'),
              children: company.data.website ? (
                <Typography.Link href={company.data.website} target="_blank" rel="noopener noreferrer">
                  {company.data.website}
                </Typography.Link>
              ) : (
                shown('')
              ),
            },
          ]}
        />
        <Permission code="organisation.edit">
          <div>
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                form.setFieldsValue(company.data);
                setEditing(true);
              }}
            >
              {t('powerInfo.company.edit')}
            </Button>
          </div>
        </Permission>
      </Flex>
    );
  }

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={company.data} style={{ maxWidth: 720 }}>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={t('powerInfo.company.name')} name="name" rules={[zodRule(field.name, t)]}>
            <Input autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('powerInfo.company.country')} name="country">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={countries.isLoading}
              options={countries.data?.map((country) => ({ value: country.code, label: country.name }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('powerInfo.company.address')} name="address" rules={[zodRule(field.address, t)]}>
            <Input autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('powerInfo.company.email')} name="email" rules={[zodRule(field.email, t)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('powerInfo.company.phone')} name="phone" rules={[zodRule(field.phone, t)]}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('powerInfo.company.website')} name="website" rules={[zodRule(field.website, t)]}>
            <Input type="url" placeholder="https://" autoComplete="url" />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
        <Button onClick={() => setEditing(false)}>{t('powerInfo.cancel')}</Button>
      </Flex>
    </Form>
  );
}
