import { routeByName, type Template } from '@sunstack/shared';
import { Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settingsText } from '../../../components/command/commandText.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteTemplate } from '../api/deleteTemplate.ts';
import { useTemplateList } from '../api/listTemplates.ts';
import { TemplateDrawer } from '../components/TemplateDrawer.tsx';

/**
 * Templates (spec /bus/plantMaintain/template, 255): the branch's named battery strategies, created,
 * changed and deleted here (each in the operation log), and sent from group remote.
 */
export default function TemplatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePagedFilters<{ name?: string }>({});
  const list = useTemplateList(paging.query);
  const remove = useDeleteTemplate();
  const mayApply = useClientStore((state) => state.menus.includes('group-remote'));
  const [editing, setEditing] = useState<{ template?: Template } | undefined>();
  useTabBusy(list.isFetching);

  const columns: ColumnsType<Template> = [
    { title: t('template.name'), dataIndex: 'name', width: 200 },
    {
      title: t('template.strategy'),
      key: 'strategy',
      render: (_, { strategy }) =>
        settingsText(t, { WorkMode: strategy.WorkMode, MinSoc: strategy.MinSoc, SchedulePeriods: strategy.SchedulePeriods }),
    },
    {
      title: t('workMode.pricePeriods'),
      key: 'prices',
      width: 110,
      render: (_, { strategy }) => strategy.PricePeriods.length,
    },
    { title: t('remoteSetting.column.createdBy'), dataIndex: 'createdBy', width: 130 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 240,
      render: (_, template) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setEditing({ template })}>
            {t(template.writable ? 'template.edit' : 'template.view')}
          </Button>
          {mayApply && (
            <Button size="small" onClick={() => navigate(`${routeByName('group-remote').path}?template=${template.id}`)}>
              {t('template.apply')}
            </Button>
          )}
          {template.writable && (
            <Popconfirm
              title={t('template.deleteQuestion', { name: template.name })}
              okText={t('template.delete')}
              cancelText={t('remoteSetting.cancel')}
              onConfirm={() => remove.mutateAsync(template.id).catch(() => {})}
            >
              <Button size="small" danger>
                {t('template.delete')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('navBar.template')}
      extra={
        <Permission code="template.configure">
          <Button type="primary" onClick={() => setEditing({})}>
            {t('template.new')}
          </Button>
        </Permission>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('template.intro')}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('template.search')}
          aria-label={t('template.search')}
          onSearch={(name) => paging.setFilters({ name: name || undefined })}
          style={{ maxWidth: 320 }}
        />
        <PagedTable<Template>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.templates}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 900 }}
          emptyText={t('template.none')}
        />
      </Flex>
      <TemplateDrawer open={editing !== undefined} template={editing?.template} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
