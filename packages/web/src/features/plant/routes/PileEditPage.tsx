import { Errno, pileUpdateBody } from '@sunstack/shared';
import { Alert, Button, Card, Descriptions, Form, Input, message, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../components/Result.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { ApiError, errnoMessage } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { usePileDetail } from '../api/pileDetail.ts';
import { usePlantDetail } from '../api/plantDetail.ts';
import { useUpdatePile } from '../api/updatePile.ts';

interface FormValues {
  name: string;
  dataloggerSn: string;
}

/**
 * Charging pile edit (spec /bus/pile/edit, end users): the name the owner gives its EV charger and
 * which of the plant's dataloggers it hangs on. Without a datalogger on the plant there is nothing
 * to connect it to: the spec's "no datalogger connected for the charging pile".
 */
export default function PileEditPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const sn = tab.query.sn ?? '';
  const pile = usePileDetail(sn);
  const plant = usePlantDetail(pile.data?.plantId ?? 0);
  const update = useUpdatePile();
  const [form] = Form.useForm<FormValues>();
  useTabBusy(pile.isFetching || plant.isFetching);
  const label = pile.data ? pile.data.name || pile.data.sn : undefined;

  useEffect(() => {
    if (label && useTabStore.getState().activeId === tab.id) useTabStore.getState().setTitle(`literal:${label}`);
  }, [label, tab.id]);

  if (pile.error instanceof ApiError || plant.error instanceof ApiError || !sn || (pile.data && pile.data.type !== 'evCharger')) {
    return <Result status="404" title={t('plant.pileNotFound')} />;
  }
  // A pile in no plant has no datalogger to hang on either.
  if (!pile.data || (pile.data.plantId !== null && !plant.data)) return <Skeleton active />;
  if (!pile.data.writable) return <Result status="403" title={errnoMessage(Errno.noPermission)} subTitle={t('plant.readOnly')} />;
  const dataloggers = plant.data?.dataloggerSns ?? [];
  const connected = dataloggers.includes(pile.data.dataloggerSn);

  const onFinish = async (values: FormValues) => {
    try {
      await update.mutateAsync({ sn, name: values.name.trim(), dataloggerSn: values.dataloggerSn });
      void message.success(t('plant.pileSaved'));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card title={t('navBar.pileEdit')} variant="borderless">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'sn', label: t('device.pileSn'), children: pile.data.sn },
          { key: 'model', label: t('device.model'), children: pile.data.model || '—' },
          { key: 'plant', label: t('datalogger.plant'), children: pile.data.plantName || '—' },
        ]}
      />
      {dataloggers.length === 0 ? (
        <Alert type="error" showIcon title={errnoMessage(Errno.pileNoDatalogger)} description={t('plant.pileLinkFirst')} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          style={{ maxWidth: 480 }}
          initialValues={{ name: pile.data.name, dataloggerSn: connected ? pile.data.dataloggerSn : undefined }}
        >
          {!connected && <Alert type="warning" showIcon title={errnoMessage(Errno.pileNoDatalogger)} style={{ marginBottom: 16 }} />}
          <Form.Item
            label={t('plant.pileName')}
            name="name"
            rules={[zodRule(pileUpdateBody.shape.name, t)]}
            extra={t('plant.pileNameHint')}
          >
            <Input maxLength={32} showCount placeholder={pile.data.sn} />
          </Form.Item>
          <Form.Item
            label={t('plant.pileDatalogger')}
            name="dataloggerSn"
            rules={[{ required: true, message: t('plant.pileChooseDatalogger') }]}
          >
            <Select options={dataloggers.map((loggerSn) => ({ value: loggerSn, label: loggerSn }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
