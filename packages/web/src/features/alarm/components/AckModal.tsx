import { ALARM_ACK_COMMENT_MAX, alarmAckBody } from '@sunstack/shared';
import { Form, Input, Modal, message, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useAckAlarms } from '../api/ackAlarms.ts';

/**
 * Acknowledges the chosen alarms with a comment (required, up to 500 characters), all or none;
 * `ids` empty keeps it closed. The lists refresh after.
 */
export function AckModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  const ack = useAckAlarms();

  const onOk = async () => {
    // A missing or long comment shows under the field; nothing is sent.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await ack.mutateAsync({ ids, comment: values.comment.trim() });
      void message.success(t('alarm.acknowledged', { number: ids.length }));
      onDone();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={ids.length > 0}
      title={t('alarm.ackTitle')}
      okText={t('alarm.acknowledge')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={ack.isPending}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('alarm.ackHint', { number: ids.length })}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label={t('alarm.comment')} name="comment" rules={[zodRule(alarmAckBody.shape.comment, t)]}>
          <Input.TextArea autoFocus rows={4} maxLength={ALARM_ACK_COMMENT_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
