import { FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { DOCUMENT_TYPES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@sunstack/shared';
import { Alert, Button, Empty, Flex, List, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { manualFileUrl, useManualFileUrl, useManuals } from '../api/manuals.ts';

function Cover({ id }: { id: number | null }) {
  const url = useManualFileUrl(id);
  if (id === null) return <FilePdfOutlined style={{ fontSize: 48, color: '#c0392b' }} />;
  return url ? <img src={url} alt="" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <Skeleton.Image active />;
}

/** Opens a PDF in a new tab (fetched with the signed call first). */
const openFile = async (id: number) => window.open(await manualFileUrl(id), '_blank', 'noopener');

/** The published manuals of /manual/download, by language (the page's own first) and type. */
export function ManualList() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(useClientStore.getState().language);
  const [type, setType] = useState<string>();
  const { manuals, failed } = useManuals(language);
  const shown = manuals?.documents.filter((document) => !type || document.type === type) ?? [];

  return (
    <Flex vertical gap={12} style={{ width: '100%', textAlign: 'left' }}>
      <Flex gap={8} wrap>
        <Select<Language>
          aria-label={t('download.language')}
          value={language}
          style={{ width: 140 }}
          onChange={setLanguage}
          options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        />
        <Select
          allowClear
          aria-label={t('download.documentType')}
          placeholder={t('download.documentType')}
          style={{ width: 220 }}
          onChange={setType}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`download.types.${value}`) }))}
        />
      </Flex>
      {failed && <Alert type="warning" showIcon message={t('download.loadFailed')} />}
      {!manuals && !failed && <Skeleton active />}
      {manuals && shown.length === 0 && <Empty description={t('download.noManuals')} />}
      {shown.length > 0 && (
        <List
          itemLayout="horizontal"
          dataSource={shown}
          renderItem={(document) => (
            <List.Item>
              <List.Item.Meta
                avatar={<Cover id={document.coverId} />}
                title={document.name}
                description={
                  <Flex vertical gap={4}>
                    <Typography.Text type="secondary">
                      {document.manufacturer} · {t(`download.types.${document.type}`)}
                    </Typography.Text>
                    <Flex gap={8} wrap>
                      {document.files.map((file) => (
                        <Button
                          key={file.id}
                          size="small"
                          icon={<FilePdfOutlined />}
                          onClick={() => void openFile(file.id).catch(() => {})}
                        >
                          {file.name}
                        </Button>
                      ))}
                      {document.videoLink && (
                        <Button
                          size="small"
                          icon={<PlayCircleOutlined />}
                          href={document.videoLink}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {t('download.video')}
                        </Button>
                      )}
                    </Flex>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
