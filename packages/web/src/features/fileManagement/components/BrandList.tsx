import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { BrandEntry } from '@sunstack/shared';
import { Button, Flex, message, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandLogoUrl } from '../../../components/BrandLogo.tsx';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useBrands, useDeleteBrand } from '../api/brands.ts';
import { BrandForm } from './BrandForm.tsx';

function Logo({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const url = useBrandLogoUrl(id);
  if (id === null) return <Typography.Text type="secondary">{t('brand.noLogo')}</Typography.Text>;
  return url ? <img src={url} alt={t('brand.logo')} height={28} style={{ maxWidth: 112, objectFit: 'contain' }} /> : null;
}

const linkCell = (link: string) =>
  link ? (
    <Typography.Link href={link} target="_blank" rel="noopener" ellipsis style={{ maxWidth: 200 }}>
      {link}
    </Typography.Link>
  ) : (
    '-'
  );

/** Brands (spec /bus/fileManagement "brand"): the console's look per domain and the app's store links. */
export function BrandList() {
  const { t } = useTranslation();
  const list = useBrands();
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<BrandEntry | 'new'>();
  useTabBusy(list.isFetching);

  const columns: ColumnsType<BrandEntry> = [
    { title: t('brand.logo'), dataIndex: 'logoId', render: (id: number | null) => <Logo id={id} /> },
    { title: t('brand.name'), dataIndex: 'name' },
    { title: t('brand.domain'), dataIndex: 'domain' },
    { title: t('brand.androidLink'), dataIndex: 'androidLink', render: linkCell },
    { title: t('brand.iosLink'), dataIndex: 'iosLink', render: linkCell },
    { title: t('brand.downloadLink'), dataIndex: 'downloadLink', render: linkCell },
    {
      title: t('brand.actions'),
      key: 'actions',
      render: (_, brand) => (
        <Space>
          <Tooltip title={t('brand.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('brand.edit')} ${brand.name}`}
              onClick={() => setEditing(brand)}
            />
          </Tooltip>
          <Popconfirm
            title={t('brand.deleteConfirm', { name: brand.name })}
            onConfirm={() =>
              remove
                .mutateAsync(brand.id)
                .then(() => message.success(t('brand.deleted', { name: brand.name })))
                .catch(() => {})
            }
          >
            <Tooltip title={t('brand.delete')}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('brand.delete')} ${brand.name}`} />
            </Tooltip>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('brand.add')}
        </Button>
      </Flex>
      <Table<BrandEntry>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.brands}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('brand.empty') }}
        scroll={{ x: 900 }}
      />
      {editing && <BrandForm key={editing === 'new' ? 'new' : editing.id} brand={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
