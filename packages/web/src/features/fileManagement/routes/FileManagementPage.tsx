import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { FileListBody, StoredFileEntry } from '@sunstack/shared';
import { Button, Card, Flex, Input, message, Popconfirm, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { fileSizeText, formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { saveFile, useDeleteFile, useStoredFiles } from '../api/files.ts';
import { BrandList } from '../components/BrandList.tsx';

/** What stored files are for (stored_file.purpose); others show as they are stored. */
const PURPOSES = ['document', 'cover', 'workOrderPhoto', 'firmware', 'report', 'deviceLog', 'brand'];

/** File management (spec /bus/fileManagement: file list and brand). The brands tab needs the brand management switch. */
export default function FileManagementPage() {
  const { t } = useTranslation();
  const brands = useClientStore((state) => state.buttons.includes('brand.manage'));
  const files = { key: 'files', label: t('fileManagement.files'), children: <FileList /> };
  return (
    <Card title={t('navBar.fileManagement')} variant="borderless">
      <Tabs items={brands ? [files, { key: 'brands', label: t('fileManagement.brands'), children: <BrandList /> }] : [files]} />
    </Card>
  );
}

/** Every stored file, where it is used; unused ones can go. */
function FileList() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters<Partial<Omit<FileListBody, 'currentPage' | 'pageSize'>>>({});
  const list = useStoredFiles(paging.query);
  const remove = useDeleteFile();
  useTabBusy(list.isFetching);
  const purpose = (value: string) => t(`fileManagement.purposes.${value}`, { defaultValue: value });

  const columns: ColumnsType<StoredFileEntry> = [
    {
      title: t('fileManagement.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>,
    },
    { title: t('fileManagement.size'), dataIndex: 'size', align: 'right', render: fileSizeText },
    { title: t('fileManagement.type'), dataIndex: 'contentType' },
    { title: t('fileManagement.purpose'), dataIndex: 'purpose', render: purpose },
    { title: t('fileManagement.uploader'), dataIndex: 'uploader', render: (name: string | null) => name ?? t('fileManagement.platform') },
    { title: t('fileManagement.uploaded'), dataIndex: 'createdAt', render: (at: number) => formatDateTime(at, language) },
    {
      title: t('fileManagement.usedBy'),
      key: 'usedBy',
      render: (_, file) =>
        file.usedBy.length > 0 ? (
          file.usedBy.map((use) => (
            <Tag key={`${use.kind}-${use.id}`}>
              {purpose(use.kind)} {use.id}: {use.label}
            </Tag>
          ))
        ) : file.deletable ? (
          <Typography.Text type="secondary">{t('fileManagement.unused')}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('fileManagement.ownModule')}</Typography.Text>
        ),
    },
    {
      title: t('fileManagement.actions'),
      key: 'actions',
      render: (_, file) => (
        <Space>
          <Tooltip title={t('fileManagement.download')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`${t('fileManagement.download')} ${file.name}`}
              onClick={() => void saveFile(file.id, file.name).catch(() => {})}
            />
          </Tooltip>
          <Popconfirm
            title={t('fileManagement.deleteConfirm', { name: file.name })}
            disabled={!file.deletable}
            onConfirm={() =>
              remove
                .mutateAsync(file.id)
                .then(() => message.success(t('fileManagement.deleted', { name: file.name })))
                .catch(() => {})
            }
          >
            <Tooltip title={file.deletable ? t('fileManagement.delete') : t('fileManagement.inUse')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!file.deletable}
                aria-label={`${t('fileManagement.delete')} ${file.name}`}
              />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('fileManagement.name')}
          aria-label={t('fileManagement.name')}
          style={{ width: 240 }}
          onSearch={(name) => paging.setFilters({ name: name || undefined })}
        />
        <Select
          allowClear
          placeholder={t('fileManagement.purpose')}
          aria-label={t('fileManagement.purpose')}
          style={{ width: 200 }}
          options={PURPOSES.map((value) => ({ value, label: purpose(value) }))}
          onChange={(value?: string) => paging.setFilters({ purpose: value })}
        />
      </Flex>
      <PagedTable<StoredFileEntry>
        rowKey="id"
        paging={paging}
        list={list}
        rows={list.data?.files}
        total={list.data?.total}
        columns={columns}
        emptyText={t('fileManagement.empty')}
        scroll={{ x: 1100 }}
      />
    </>
  );
}
