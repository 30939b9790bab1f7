import { type StringConfigBody, stringConfigBody } from '@sunstack/shared';
import { Alert, Button, Drawer, Flex, Form, InputNumber, message, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSchemaIssues, showServerIssues } from '../../../lib/forms.ts';
import { useSaveStringConfig, useStringConfig } from '../api/stringConfig.ts';
import { InverterSelect } from './InverterSelect.tsx';

const DATASHEET_FIELDS = ['voc', 'isc', 'vmp', 'imp', 'cells', 'iscTempCoeff', 'vocTempCoeff'] as const;
const NEW_CONFIG = { strings: [{ modules: 12, parallel: 1 }], module: { cells: 60, iscTempCoeff: 0.05, vocTempCoeff: -0.29 } };

/**
 * An inverter's strings (modules in series and strings in parallel per input, string 1 first) and its
 * modules' datasheet values: what the expected curve of every scan is drawn from.
 */
export function StringConfigDrawer({ open, sn: initialSn, onClose }: { open: boolean; sn?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const sn = Form.useWatch('sn', form) as string | undefined;
  const current = useStringConfig(sn);
  const save = useSaveStringConfig();

  useEffect(() => {
    if (open) form.setFieldsValue({ sn: initialSn, ...NEW_CONFIG });
    else form.resetFields();
  }, [open, initialSn, form]);
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data.config ?? NEW_CONFIG);
  }, [current.data, form]);

  async function submit() {
    const values = await form.validateFields();
    const checked = stringConfigBody.safeParse(values);
    if (!checked.success) {
      showSchemaIssues(form, checked.error.issues, t);
      return;
    }
    try {
      await save.mutateAsync(checked.data as StringConfigBody);
      void message.success(t('diagnostics.configSaved'));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('diagnostics.configure')}
      size="large"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('remoteSetting.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={!sn} onClick={() => submit().catch(() => {})}>
            {t('diagnostics.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="sn" label={t('diagnostics.inverter')} rules={[{ required: true, message: t('validation.required') }]}>
          <InverterSelect />
        </Form.Item>
        {current.data && !current.data.config && (
          <Alert type="info" showIcon title={t('diagnostics.notConfigured')} style={{ marginBottom: 12 }} />
        )}
        <Typography.Title level={5}>{t('diagnostics.strings')}</Typography.Title>
        <Form.List name="strings">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="end" wrap>
                  <Typography.Text style={{ width: 80, paddingBottom: 28 }}>
                    {t('diagnostics.stringNumber', { n: index + 1 })}
                  </Typography.Text>
                  <Form.Item
                    name={[field.name, 'modules']}
                    label={t('diagnostics.modules')}
                    rules={[{ required: true, message: t('validation.required') }]}
                  >
                    <InputNumber min={1} max={100} precision={0} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'parallel']} label={t('diagnostics.parallel')} initialValue={1}>
                    <InputNumber min={1} max={10} precision={0} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button style={{ marginBottom: 24 }} onClick={() => remove(field.name)}>
                      {t('diagnostics.removeString')}
                    </Button>
                  )}
                </Flex>
              ))}
              <Button style={{ alignSelf: 'start' }} onClick={() => add({ modules: 12, parallel: 1 })} disabled={fields.length >= 32}>
                {t('diagnostics.addString')}
              </Button>
            </Flex>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('diagnostics.datasheet')}
        </Typography.Title>
        <Flex gap={12} wrap>
          {DATASHEET_FIELDS.map((name) => (
            <Form.Item
              key={name}
              name={['module', name]}
              label={t(`diagnostics.field.${name}`)}
              rules={[{ required: true, message: t('validation.required') }]}
              dependencies={name === 'vmp' || name === 'imp' ? [['module', name === 'vmp' ? 'voc' : 'isc']] : undefined}
            >
              <InputNumber step={name === 'cells' ? 1 : 0.01} style={{ width: 140 }} aria-label={t(`diagnostics.field.${name}`)} />
            </Form.Item>
          ))}
        </Flex>
        <Typography.Text type="secondary">{t('diagnostics.datasheetHint')}</Typography.Text>
      </Form>
    </Drawer>
  );
}
