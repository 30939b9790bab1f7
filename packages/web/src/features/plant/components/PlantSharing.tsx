import { Access, usernameSchema } from '@sunstack/shared';
import { Button, Card, Form, Input, List, message, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDate } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { type PlantMember, usePlantMembers, useSharePlant, useUnsharePlant } from '../api/plantMembers.ts';

/**
 * Who else sees the plant: end users it is shared with (read only) and installers granted to it.
 * Whoever may change the plant may share it; granting installers is for branch managers.
 */
export function PlantSharing({ plantId, writable }: { plantId: number; writable: boolean }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ user: string; role: PlantMember['role'] }>();
  const access = useClientStore((state) => state.access);
  const members = usePlantMembers(plantId);
  const share = useSharePlant(plantId);
  const unshare = useUnsharePlant(plantId);
  const mayGrantInstallers = access === Access.admin || access === Access.distributor || access === Access.agent;

  const onShare = async (values: { user: string; role: PlantMember['role'] }) => {
    try {
      await share.mutateAsync(values);
      form.resetFields();
      void message.success(t('plant.sharedWith', { user: values.user }));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card title={t('plant.sharing')} variant="borderless" style={{ marginTop: 16 }}>
      <List
        dataSource={members.data?.members}
        loading={members.isFetching}
        locale={{ emptyText: t('plant.noMembers') }}
        renderItem={(member) => (
          <List.Item
            actions={
              writable
                ? [
                    <Popconfirm
                      key="revoke"
                      title={t('plant.revokeConfirm', { user: member.user })}
                      onConfirm={() => unshare.mutateAsync(member.user)}
                    >
                      <Button size="small">{t('plant.revoke')}</Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Space>
              {member.user}
              <Tag>{member.role === 'viewer' ? t('plant.roleViewer') : t('plant.roleInstaller')}</Tag>
              <span style={{ opacity: 0.75 }}>{formatDate(member.since, i18n.language)}</span>
            </Space>
          </List.Item>
        )}
      />
      {writable && (
        <Form form={form} layout="inline" onFinish={onShare} initialValues={{ role: 'viewer' }} style={{ marginTop: 16, rowGap: 8 }}>
          <Form.Item name="user" rules={[zodRule(usernameSchema, t)]}>
            <Input placeholder={t('plant.shareWith')} aria-label={t('plant.shareWith')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="role">
            <Select
              aria-label={t('plant.shareRole')}
              style={{ width: 200 }}
              options={[
                { value: 'viewer', label: t('plant.roleViewer') },
                ...(mayGrantInstallers ? [{ value: 'installer', label: t('plant.roleInstaller') }] : []),
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={share.isPending}>
            {t('plant.share')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
