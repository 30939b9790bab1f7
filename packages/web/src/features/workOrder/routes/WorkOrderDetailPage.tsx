import { type WorkOrderDetail, type WorkOrderEntry, type WorkOrderStatus, workOrderReplyBody } from '@sunstack/shared';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  message,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/forms.ts';
import { ApiError, failureMessage } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { useAssignWorkOrder, useMoveWorkOrder, useReplyWorkOrder } from '../api/changeWorkOrder.ts';
import { useWorkOrderDetail } from '../api/workOrderDetail.ts';
import { productLabel } from '../components/labels.ts';
import { PhotoPicker } from '../components/PhotoPicker.tsx';
import { Photos } from '../components/Photos.tsx';
import { WorkOrderStatusTag } from '../components/WorkOrderStatusTag.tsx';

/** What an entry of the conversation says happened. */
function EntryLine({ entry }: { entry: WorkOrderEntry }) {
  const { t } = useTranslation();
  const status = (s: WorkOrderStatus | null) => (s ? t(`workOrder.statuses.${s}`) : '');
  const what = {
    created: t('workOrder.entryCreated'),
    reply: t('workOrder.entryReply'),
    status: t('workOrder.entryStatus', { from: status(entry.statusFrom), to: status(entry.statusTo) }),
    assigned: t('workOrder.entryAssigned', { name: entry.assignee ?? '' }),
  }[entry.kind];
  return (
    <Typography.Text>
      <Typography.Text strong>{entry.author}</Typography.Text> {what}
    </Typography.Text>
  );
}

function Conversation({ order }: { order: WorkOrderDetail }) {
  const language = useClientStore((state) => state.language);
  return (
    <Timeline
      items={order.entries.map((entry) => ({
        key: entry.id,
        color: entry.kind === 'status' ? 'blue' : entry.kind === 'reply' ? 'green' : 'gray',
        children: (
          <div>
            <EntryLine entry={entry} />
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {formatDateTime(entry.at, language, order.timeZone)}
            </Typography.Text>
            {entry.body && entry.kind !== 'created' && (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 4, marginBottom: 0 }}>{entry.body}</Typography.Paragraph>
            )}
            <Photos ids={entry.photoIds} />
          </div>
        ),
      }))}
    />
  );
}

function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ body: string; photoIds?: number[] }>();
  const reply = useReplyWorkOrder();
  const onFinish = async (values: { body: string; photoIds?: number[] }) => {
    await reply.mutateAsync({ id, body: values.body, photoIds: values.photoIds ?? [] });
    void message.success(t('workOrder.replied'));
    form.resetFields();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => onFinish(values).catch(() => {})}>
      <Form.Item name="body" label={t('workOrder.reply')} rules={[zodRule(workOrderReplyBody.shape.body, t)]}>
        <Input.TextArea rows={3} maxLength={4000} placeholder={t('workOrder.replyPlaceholder')} />
      </Form.Item>
      <Form.Item name="photoIds" label={t('workOrder.photos')}>
        <PhotoPicker />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending}>
        {t('workOrder.sendReply')}
      </Button>
    </Form>
  );
}

function StatusForm({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: WorkOrderStatus; note?: string }>();
  const move = useMoveWorkOrder();
  const onFinish = async (values: { status: WorkOrderStatus; note?: string }) => {
    await move.mutateAsync({ id: order.id, status: values.status, note: values.note ?? '' });
    void message.success(t('workOrder.moved'));
    form.resetFields();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => onFinish(values).catch(() => {})}>
      <Form.Item name="status" label={t('workOrder.moveTo')} rules={[{ required: true, message: t('workOrder.moveTo') }]}>
        <Select options={order.nextStatuses.map((status) => ({ value: status, label: t(`workOrder.statuses.${status}`) }))} />
      </Form.Item>
      <Form.Item name="note" label={t('workOrder.note')}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Button htmlType="submit" loading={move.isPending}>
        {t('workOrder.moveTo')}
      </Button>
    </Form>
  );
}

function AssignForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const assign = useAssignWorkOrder();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input.Search
        placeholder={t('workOrder.assignTo')}
        aria-label={t('workOrder.assignTo')}
        enterButton={t('workOrder.assign')}
        maxLength={20}
        loading={assign.isPending}
        onSearch={(assignee) => {
          if (!assignee.trim()) return;
          assign
            .mutateAsync({ id, assignee: assignee.trim() })
            .then(() => message.success(t('workOrder.assignedTo', { name: assignee.trim() })))
            .catch(() => {});
        }}
      />
    </Space.Compact>
  );
}

/** One work order: its fields, its conversation in time order, and what the caller may do with it. */
export default function WorkOrderDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const id = Number(tab.query.id);
  const detail = useWorkOrderDetail(Number.isSafeInteger(id) && id > 0 ? id : undefined);
  const language = useClientStore((state) => state.language);
  useTabBusy(detail.isFetching);
  const order = detail.data;

  useEffect(() => {
    if (order && useTabStore.getState().activeId === tab.id)
      useTabStore.getState().setTitle(`literal:${t('navBar.workOrderDetail')} ${order.id}`);
  }, [order, tab.id, t]);

  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.errno === 40404)
      return <Result status="404" title={failureMessage(detail.error)} />;
    return <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (!order) return <Skeleton active />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          title={
            <Flex gap={8} align="center" wrap>
              <span>
                {order.id} · {order.title}
              </span>
              <WorkOrderStatusTag status={order.status} />
            </Flex>
          }
          variant="borderless"
        >
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'plant', label: t('workOrder.plant'), children: order.plantName },
              { key: 'device', label: t('workOrder.device'), children: order.deviceSn ?? '—' },
              { key: 'category', label: t('workOrder.questionCategory'), children: t(`workOrder.categories.${order.questionCategory}`) },
              { key: 'product', label: t('workOrder.productType'), children: productLabel(t, order.productType) },
              { key: 'account', label: t('workOrder.createdBy'), children: order.createdBy },
              { key: 'assignee', label: t('workOrder.assignee'), children: order.assignee ?? t('workOrder.notAssigned') },
              { key: 'contact', label: t('workOrder.contactName'), children: order.contactName },
              { key: 'phone', label: t('workOrder.contactPhone'), children: order.contactPhone },
              { key: 'submitted', label: t('workOrder.submitted'), children: formatDateTime(order.createdAt, language, order.timeZone) },
              { key: 'updated', label: t('workOrder.updated'), children: formatDateTime(order.updatedAt, language, order.timeZone) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('workOrder.description')}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{order.description}</Typography.Paragraph>
          <Typography.Title level={5}>{t('workOrder.conversation')}</Typography.Title>
          {order.entries.length === 0 ? <Empty /> : <Conversation order={order} />}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Flex vertical gap={16}>
          {order.status !== 'closed' && (
            <Card variant="borderless">
              <ReplyForm id={order.id} />
            </Card>
          )}
          {order.nextStatuses.length > 0 && (
            <Card variant="borderless">
              <StatusForm order={order} />
            </Card>
          )}
          {order.handles && order.status !== 'closed' && (
            <Card variant="borderless" title={t('workOrder.assign')}>
              <AssignForm id={order.id} />
            </Card>
          )}
        </Flex>
      </Col>
    </Row>
  );
}
