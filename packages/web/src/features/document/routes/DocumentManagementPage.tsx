import { DeleteOutlined, EditOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { DOCUMENT_TYPES, type DocumentEntry, type DocumentListBody, LANGUAGE_NAMES, LANGUAGES } from '@sunstack/shared';
import { Button, Card, Flex, Input, message, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteDocument, useDocuments, usePublishDocument, useStoredFileUrl } from '../api/documents.ts';
import { DocumentForm } from '../components/DocumentForm.tsx';

function Cover({ id }: { id: number | null }) {
  const url = useStoredFileUrl(id);
  return url ? (
    <img src={url} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : (
    <FilePdfOutlined style={{ fontSize: 28, color: '#c0392b' }} />
  );
}

/**
 * Document management (spec section 2, "document management (manual)"; switch document.manage): manuals, datasheets
 * and brochures with their cover and PDFs, filtered by language, type and name; create, edit, publish on
 * /manual/download, withdraw, delete.
 */
export default function DocumentManagementPage() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters<Partial<Omit<DocumentListBody, 'currentPage' | 'pageSize'>>>({});
  const list = useDocuments(paging.query);
  const publish = usePublishDocument();
  const remove = useDeleteDocument();
  const [editing, setEditing] = useState<DocumentEntry | 'new'>();
  useTabBusy(list.isFetching);

  const onPublish = (document: DocumentEntry, published: boolean) =>
    publish
      .mutateAsync({ id: document.id, published })
      .then(() => message.success(t(published ? 'document.publishedDone' : 'document.withdrawnDone', { name: document.name })))
      .catch(() => {});

  const columns: ColumnsType<DocumentEntry> = [
    { title: t('document.cover'), dataIndex: 'coverId', width: 72, render: (id: number | null) => <Cover id={id} /> },
    {
      title: t('document.name'),
      dataIndex: 'name',
      render: (name: string, document) => <Typography.Link onClick={() => setEditing(document)}>{name}</Typography.Link>,
    },
    { title: t('document.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('document.language'), dataIndex: 'language', render: (value: keyof typeof LANGUAGE_NAMES) => LANGUAGE_NAMES[value] },
    { title: t('document.type'), dataIndex: 'type', render: (type: string) => t(`download.types.${type}`) },
    { title: t('document.fileCount'), key: 'files', align: 'right', render: (_, document) => document.files.length },
    {
      title: t('document.status'),
      dataIndex: 'publishedAt',
      render: (at: number | null) =>
        at === null ? (
          <Tag>{t('document.draft')}</Tag>
        ) : (
          <Tooltip title={formatDateTime(at, language)}>
            <Tag color="green">{t('document.published')}</Tag>
          </Tooltip>
        ),
    },
    { title: t('document.updated'), dataIndex: 'updatedAt', render: (at: number) => formatDateTime(at, language) },
    {
      title: t('document.actions'),
      key: 'actions',
      render: (_, document) => (
        <Space>
          <Tooltip title={t('document.editAction')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('document.editAction')} ${document.name}`}
              onClick={() => setEditing(document)}
            />
          </Tooltip>
          {document.publishedAt === null ? (
            <Tooltip title={document.files.length === 0 ? t('document.noFiles') : undefined}>
              <Button
                size="small"
                type="primary"
                ghost
                disabled={document.files.length === 0}
                onClick={() => void onPublish(document, true)}
              >
                {t('document.publish')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm title={t('document.withdrawConfirm', { name: document.name })} onConfirm={() => onPublish(document, false)}>
              <Button size="small">{t('document.withdraw')}</Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('document.deleteConfirm', { name: document.name })}
            onConfirm={() =>
              remove
                .mutateAsync(document.id)
                .then(() => message.success(t('document.deleted', { name: document.name })))
                .catch(() => {})
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('document.delete')} ${document.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('navBar.documentManagement')}
      variant="borderless"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('document.create')}
        </Button>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('document.name')}
          aria-label={t('document.name')}
          style={{ width: 240 }}
          onSearch={(name) => paging.setFilters({ name: name || undefined })}
        />
        <Select
          allowClear
          placeholder={t('document.language')}
          aria-label={t('document.language')}
          style={{ width: 160 }}
          options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          onChange={(value?: (typeof LANGUAGES)[number]) => paging.setFilters({ language: value })}
        />
        <Select
          allowClear
          placeholder={t('document.type')}
          aria-label={t('document.type')}
          style={{ width: 220 }}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`download.types.${value}`) }))}
          onChange={(value?: (typeof DOCUMENT_TYPES)[number]) => paging.setFilters({ type: value })}
        />
      </Flex>
      <PagedTable<DocumentEntry>
        rowKey="id"
        paging={paging}
        list={list}
        rows={list.data?.documents}
        total={list.data?.total}
        columns={columns}
        emptyText={t('document.empty')}
        scroll={{ x: 960 }}
      />
      {editing && <DocumentForm key={editing === 'new' ? 'new' : editing.id} document={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
