import { InboxOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_TYPES_OF,
  type FirmwareCreateBody,
  type FirmwareLimit,
  firmwareCodeSchema,
  firmwareVersionSchema,
  LIMIT_FIELDS,
  LIMIT_OPERATORS,
  UPGRADE_DEVICE_TYPES,
  type UpgradeDeviceType,
} from '@sunstack/shared';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Progress, Select, Switch, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { ApiError, failureMessage } from '../../../lib/http.ts';
import { sendFirmwareFile, type UploadStage, useCreateFirmware } from '../api/uploadFirmware.ts';

type Fields = Omit<FirmwareCreateBody, 'uploadId' | 'releaseTime' | 'limits'> & { releaseTime: Dayjs; limits?: FirmwareLimit[] };

/** Checked in the browser before a byte is read: the server refuses the same (spec section 3: .hex or .bin only). */
function fileProblem(file: File): string | undefined {
  if (!/\.(hex|bin)$/i.test(file.name)) return 'firmware.onlyHexBin';
  if (file.size === 0) return 'firmware.empty';
  if (file.size > FIRMWARE_MAX_BYTES) return 'firmware.tooLarge';
  return undefined;
}

/**
 * Imports a firmware image: the file is hashed in 2 MB slices and sent slice by slice as soon as it is chosen (a cut
 * upload of the same file resumes), while the fields are filled in; the image enters the library with them.
 */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const create = useCreateFirmware();
  const [file, setFile] = useState<File>();
  const [stage, setStage] = useState<UploadStage>();
  const [uploadId, setUploadId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const running = useRef<AbortController>(undefined);
  const deviceType = Form.useWatch('deviceType', form) ?? 'inverter';

  const reset = () => {
    running.current?.abort();
    setFile(undefined);
    setStage(undefined);
    setUploadId(undefined);
    setFailure(undefined);
  };
  const close = () => {
    reset();
    form.resetFields();
    onClose();
  };
  const start = async (chosen: File) => {
    reset();
    const problem = fileProblem(chosen);
    if (problem) {
      setFailure(t(problem));
      return;
    }
    setFile(chosen);
    const abort = new AbortController();
    running.current = abort;
    try {
      setUploadId(await sendFirmwareFile(chosen, setStage, abort.signal));
    } catch (error) {
      if (abort.signal.aborted) return;
      setFailure(error instanceof ApiError && error.issues.length > 0 ? t(error.issues[0]?.message ?? '') : failureMessage(error));
    }
  };
  const submit = async (fields: Fields) => {
    if (!uploadId) return;
    try {
      await create.mutateAsync({ ...fields, uploadId, releaseTime: fields.releaseTime.valueOf(), limits: fields.limits ?? [] });
      close();
    } catch (error) {
      showServerIssues(form, error, t);
      if (!(error instanceof ApiError && error.issues.length > 0)) setFailure(failureMessage(error));
    }
  };
  const percent = stage ? Math.round((stage.done / stage.total) * 100) : 0;

  return (
    <Modal
      open={open}
      title={t('firmware.import')}
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('firmware.cancel')}</Button>
          <Button type="primary" disabled={!uploadId} loading={create.isPending} onClick={() => form.submit()}>
            {t('firmware.save')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Upload.Dragger
          accept=".hex,.bin"
          multiple={false}
          showUploadList={false}
          beforeUpload={(chosen) => {
            void start(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{file ? file.name : t('firmware.drop')}</p>
          <Typography.Text type="secondary">{t('firmware.dropHint')}</Typography.Text>
        </Upload.Dragger>
        {stage && (
          <div>
            <Typography.Text>
              {t(stage.stage === 'hashing' ? 'firmware.hashing' : uploadId ? 'firmware.uploaded' : 'firmware.sending', {
                done: stage.done,
                total: stage.total,
              })}
            </Typography.Text>
            <Progress
              percent={percent}
              status={failure ? 'exception' : uploadId ? 'success' : 'active'}
              aria-label={t('firmware.progress')}
            />
          </div>
        )}
        {failure && <Alert type="error" showIcon title={failure} />}
        <Form<Fields>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ deviceType: 'inverter', firmwareType: 'master', internal: false, releaseTime: dayjs() }}
          requiredMark={false}
        >
          <Flex gap={12} wrap>
            <Form.Item
              name="name"
              label={t('firmware.name')}
              rules={[{ required: true, message: t('firmware.nameLength') }]}
              style={{ flex: '1 1 240px' }}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="version"
              label={t('firmware.version')}
              rules={[zodRule(firmwareVersionSchema, t)]}
              style={{ flex: '1 1 120px' }}
            >
              <Input placeholder="1.42" />
            </Form.Item>
            <Form.Item name="code" label={t('firmware.code')} rules={[zodRule(firmwareCodeSchema, t)]} style={{ flex: '1 1 140px' }}>
              <Input placeholder="MASTER01" maxLength={8} />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item name="deviceType" label={t('firmware.deviceType')} style={{ flex: '1 1 160px' }}>
              <Select
                options={UPGRADE_DEVICE_TYPES.map((type) => ({ value: type, label: t(`firmware.deviceTypes.${type}`) }))}
                onChange={(type: UpgradeDeviceType) => form.setFieldValue('firmwareType', FIRMWARE_TYPES_OF[type][0])}
              />
            </Form.Item>
            <Form.Item name="firmwareType" label={t('firmware.firmwareType')} style={{ flex: '1 1 160px' }}>
              <Select options={FIRMWARE_TYPES_OF[deviceType].map((type) => ({ value: type, label: t(`firmware.types.${type}`) }))} />
            </Form.Item>
            <Form.Item
              name="series"
              label={t('firmware.series')}
              rules={[{ required: true, message: t('firmware.seriesLength') }]}
              style={{ flex: '1 1 120px' }}
            >
              <Input maxLength={32} placeholder="H1" />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap align="end">
            <Form.Item name="releaseTime" label={t('firmware.releaseTime')} rules={[{ required: true }]} style={{ flex: '1 1 200px' }}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="internal" label={t('firmware.internal')} valuePropName="checked" style={{ flex: '1 1 120px' }}>
              <Switch />
            </Form.Item>
          </Flex>
          <Typography.Text strong>{t('firmware.limits')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('firmware.limitsHint')}</Typography.Paragraph>
          <Form.List name="limits">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item name={[field.name, 'field']} initialValue="model" style={{ width: 130 }}>
                      <Select
                        aria-label={t('firmware.limitField')}
                        options={LIMIT_FIELDS.map((name) => ({ value: name, label: t(`firmware.limitFields.${name}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'operator']} initialValue="eq" style={{ width: 150 }}>
                      <Select
                        aria-label={t('firmware.limitOperator')}
                        options={LIMIT_OPERATORS.map((name) => ({ value: name, label: t(`firmware.operators.${name}`) }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      rules={[{ required: true, whitespace: true, message: t('firmware.limitValue') }]}
                      style={{ flex: 1 }}
                    >
                      <Input aria-label={t('firmware.limitValue')} maxLength={64} />
                    </Form.Item>
                    <Button
                      type="text"
                      aria-label={t('firmware.removeLimit')}
                      icon={<MinusCircleOutlined />}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                  {t('firmware.addLimit')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Flex>
    </Modal>
  );
}
