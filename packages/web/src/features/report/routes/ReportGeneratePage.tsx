import { REPORT_DATA_TYPES, REPORT_FIRST_DATE, REPORT_RECIPIENTS_MAX, type ReportDefinitionInput, routeByName } from '@sunstack/shared';
import { Button, Card, Checkbox, DatePicker, Form, Input, Radio, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../../api/userInfo.ts';
import { showServerIssues } from '../../../lib/forms.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { useCreateReport } from '../api/reportExports.ts';

interface ReportForm extends Omit<ReportDefinitionInput, 'date'> {
  date: Dayjs;
}

/**
 * Report generation (`/bus/plantMaintain/reportGenerate`, hidden, opened from report export): defines a
 * report (name, monthly or annual, its month or year from September 2024 on, per plant or device, the data
 * types, a series, the mail and its recipients, and whether it comes again every period) and starts
 * generating it; the list shows its progress.
 */
export default function ReportGeneratePage() {
  const { t } = useTranslation();
  const tab = useTab();
  const navigate = useNavigate();
  const info = useUserInfo();
  const [form] = Form.useForm<ReportForm>();
  const email = info.data?.email;
  // The caller's own address is the first recipient, once it is known.
  useEffect(() => {
    if (email && !form.getFieldValue('recipients')?.length) form.setFieldValue('recipients', [email]);
  }, [email, form]);
  const kind = Form.useWatch('kind', form) ?? 'monthly';
  const emailPush = Form.useWatch('emailPush', form) ?? false;
  const create = useCreateReport();
  const first = dayjs(REPORT_FIRST_DATE);

  const submit = async (values: ReportForm) => {
    const date = values.date.startOf(values.kind === 'monthly' ? 'month' : 'year').format('YYYY-MM-DD');
    try {
      await create.mutateAsync({ ...values, date, recipients: values.emailPush ? values.recipients : [] });
      navigate(routeByName('report-export').path);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card title={t(`navBar.${routeByName(tab.name).title}`)} variant="borderless">
      <Form<ReportForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{
          kind: 'monthly',
          date: dayjs().subtract(1, 'month'),
          summary: 'plant',
          dataTypes: ['pv'],
          series: '',
          emailPush: false,
          recipients: [],
          scheduled: false,
        }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('report.name')} rules={[{ required: true, max: 64, message: t('report.nameLength') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label={t('report.kind')}>
          <Radio.Group
            optionType="button"
            options={(['monthly', 'annual'] as const).map((value) => ({ value, label: t(`report.kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="date" label={t('report.date')} extra={t('report.firstDateHint')} rules={[{ required: true }]}>
          <DatePicker
            picker={kind === 'monthly' ? 'month' : 'year'}
            allowClear={false}
            disabledDate={(d) =>
              d.isBefore(kind === 'monthly' ? first : first.startOf('year')) || d.isAfter(dayjs(), kind === 'monthly' ? 'month' : 'year')
            }
          />
        </Form.Item>
        <Form.Item name="summary" label={t('report.summary')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'plant', label: t('report.perPlant') },
              { value: 'device', label: t('report.perDevice') },
            ]}
          />
        </Form.Item>
        <Form.Item name="dataTypes" label={t('report.dataTypes')} rules={[{ required: true, message: t('report.dataTypesRequired') }]}>
          <Checkbox.Group options={REPORT_DATA_TYPES.map((value) => ({ value, label: t(`report.columns.${value}`) }))} />
        </Form.Item>
        <Form.Item name="series" label={t('report.series')} extra={t('report.seriesHint')}>
          <Input maxLength={32} allowClear />
        </Form.Item>
        <Form.Item name="scheduled" label={t('report.scheduled')} valuePropName="checked" extra={t('report.scheduledHint')}>
          <Switch />
        </Form.Item>
        <Form.Item name="emailPush" label={t('report.emailPush')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {emailPush && (
          <Form.Item
            name="recipients"
            label={t('report.recipients')}
            extra={t('report.recipientsHint')}
            rules={[{ required: true, type: 'array', min: 1, max: REPORT_RECIPIENTS_MAX, message: t('report.recipientsRequired') }]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('report.recipients')} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('report.generate')}
          </Button>
          <Button onClick={() => navigate(routeByName('report-export').path)}>{t('report.cancel')}</Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('report.generateHint')}
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
