import { SendOutlined, SwapOutlined } from '@ant-design/icons';
import { type AccountMigrationEntry, type AccountMigrationListBody, accountMigrationCodeBody, usernameSchema } from '@sunstack/shared';
import { Alert, Button, Card, Flex, Form, Input, message, Popconfirm, Radio, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useMigrate, useMigrationPlants, useMigrations, useSendMigrationCode } from '../api/migrations.ts';

interface Values {
  source: string;
  target: string;
  plantId?: number;
  code: string;
  codeAgain: string;
}

/** Every plant of the source (account migration), or one (site migration). */
type Scope = 'account' | 'site';

const CODE_PATTERN = /^[0-9]{6}$/;

/**
 * Account migration (spec section 2, after-sales accountMigration, 255): the plants of the source account go to the
 * target, once the target's holder hands over the code mailed to them, typed twice; below, the migrations done. A site
 * migration (spec section 6) moves one plant of the source the same way; each needs its own switch.
 */
export default function AccountMigrationPage() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const buttons = useClientStore((state) => state.buttons);
  const scopes = (['account', 'site'] as const).filter((scope) => buttons.includes(`${scope}.migrate`));
  const [chosenScope, setScope] = useState<Scope>();
  const scope = chosenScope ?? scopes[0];
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form);
  const [plantSearch, setPlantSearch] = useState<string>();
  const sourceValid = usernameSchema.safeParse(source).success;
  const plants = useMigrationPlants(scope === 'site' && sourceValid ? { source, name: plantSearch || undefined } : undefined);
  const sendCode = useSendMigrationCode();
  const migrate = useMigrate();
  const [sent, setSent] = useState<{ mailbox: string; plantCount: number; expiresAt: number }>();
  const paging = usePagedFilters<Partial<Omit<AccountMigrationListBody, 'currentPage' | 'pageSize'>>>({});
  const list = useMigrations(paging.query);
  useTabBusy(list.isFetching);

  const onSend = async () => {
    const values = await form.validateFields(['source', 'target', 'plantId']);
    const parsed = accountMigrationCodeBody.parse(values);
    try {
      setSent(await sendCode.mutateAsync(parsed));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  const onMigrate = async (values: Values) => {
    try {
      const done = await migrate.mutateAsync(values);
      void message.success(t('accountMigration.done', { ...done, source: values.source, target: values.target }));
      form.resetFields();
      setSent(undefined);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  const codeRule = {
    validator: async (_: unknown, value?: string) => {
      if (!CODE_PATTERN.test(value ?? '')) throw new Error(t('validation.codeInvalid'));
    },
  };

  const columns: ColumnsType<AccountMigrationEntry> = [
    { title: t('accountMigration.time'), dataIndex: 'createdAt', render: (at: number) => formatDateTime(at, language) },
    { title: t('accountMigration.source'), dataIndex: 'source' },
    { title: t('accountMigration.target'), dataIndex: 'target' },
    { title: t('accountMigration.plant'), dataIndex: 'plant', render: (plant: string | null) => plant ?? t('accountMigration.allPlants') },
    { title: t('accountMigration.plants'), dataIndex: 'plantCount', align: 'right' },
    { title: t('accountMigration.devices'), dataIndex: 'deviceCount', align: 'right' },
    { title: t('accountMigration.operator'), dataIndex: 'operator' },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('navBar.accountMigration')} variant="borderless">
        <Typography.Paragraph type="secondary">{t('accountMigration.explain')}</Typography.Paragraph>
        {scope === 'site' && <Typography.Paragraph type="secondary">{t('accountMigration.explainSite')}</Typography.Paragraph>}
        <Form<Values> form={form} layout="vertical" style={{ maxWidth: 520 }} onFinish={(values) => void onMigrate(values)}>
          {scopes.length > 1 && (
            <Form.Item label={t('accountMigration.scope')}>
              <Radio.Group
                value={scope}
                onChange={(event) => {
                  setScope(event.target.value);
                  form.setFieldValue('plantId', undefined);
                  setSent(undefined);
                }}
                options={scopes.map((value) => ({ value, label: t(`accountMigration.scopes.${value}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="source" label={t('accountMigration.source')} rules={[zodRule(usernameSchema, t)]}>
            <Input
              autoComplete="off"
              onChange={() => {
                form.setFieldValue('plantId', undefined);
                setSent(undefined);
              }}
            />
          </Form.Item>
          {scope === 'site' && (
            <Form.Item
              name="plantId"
              label={t('accountMigration.plant')}
              rules={[{ required: true, message: t('accountMigration.plantRequired') }]}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: setPlantSearch }}
                placeholder={t('accountMigration.plantPlaceholder')}
                disabled={!sourceValid}
                loading={plants.isFetching}
                notFoundContent={plants.isFetching ? null : t('accountMigration.noPlants')}
                options={plants.data?.plants.map((plant) => ({ value: plant.id, label: plant.name }))}
                onChange={() => setSent(undefined)}
              />
            </Form.Item>
          )}
          <Form.Item name="target" label={t('accountMigration.target')} rules={[zodRule(usernameSchema, t)]}>
            <Input autoComplete="off" onChange={() => setSent(undefined)} />
          </Form.Item>
          <Button
            icon={<SendOutlined />}
            loading={sendCode.isPending}
            onClick={() => void onSend().catch(() => {})}
            style={{ marginBottom: 16 }}
          >
            {t('accountMigration.sendCode')}
          </Button>
          {sent && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('accountMigration.codeSent', {
                mailbox: sent.mailbox,
                plants: sent.plantCount,
                time: formatDateTime(sent.expiresAt, language),
              })}
            />
          )}
          <Flex gap={12} wrap>
            <Form.Item name="code" label={t('accountMigration.code')} rules={[codeRule]} style={{ flex: 1, minWidth: 180 }}>
              <Input inputMode="numeric" maxLength={6} autoComplete="off" />
            </Form.Item>
            <Form.Item name="codeAgain" label={t('accountMigration.codeAgain')} rules={[codeRule]} style={{ flex: 1, minWidth: 180 }}>
              <Input inputMode="numeric" maxLength={6} autoComplete="off" />
            </Form.Item>
          </Flex>
          <Popconfirm
            title={t(scope === 'site' ? 'accountMigration.confirmSite' : 'accountMigration.confirm')}
            onConfirm={() => form.submit()}
          >
            <Button type="primary" icon={<SwapOutlined />} loading={migrate.isPending}>
              {t('accountMigration.migrate')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
      <Card title={t('accountMigration.history')} variant="borderless">
        <Input.Search
          allowClear
          placeholder={t('accountMigration.searchAccount')}
          aria-label={t('accountMigration.searchAccount')}
          style={{ width: 260, marginBottom: 16 }}
          onSearch={(username) => paging.setFilters({ username: username || undefined })}
        />
        <PagedTable<AccountMigrationEntry>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.migrations}
          total={list.data?.total}
          columns={columns}
          emptyText={t('accountMigration.empty')}
          scroll={{ x: 800 }}
        />
      </Card>
    </Flex>
  );
}
