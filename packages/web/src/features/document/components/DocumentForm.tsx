import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_FILES_MAX, DOCUMENT_TYPES, type DocumentEntry, documentSaveBody, LANGUAGE_NAMES, LANGUAGES } from '@sunstack/shared';
import { Button, Flex, Form, Input, List, message, Popconfirm, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/FormDrawer.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { showSchemaIssues, showServerIssues } from '../../../lib/forms.ts';
import { useUploader } from '../../../lib/upload.ts';
import { openStoredFile, uploadCover, uploadPdf, useRemoveDocumentFile, useSaveDocument, useStoredFileUrl } from '../api/documents.ts';

interface Values {
  manufacturer: string;
  language: string;
  type: string;
  name: string;
  videoLink: string;
}

type Uploaded = UploadFile<{ id: number }>;
const idsOf = (files: Uploaded[]) => files.flatMap((file) => (file.status === 'done' && file.response ? [file.response.id] : []));

/**
 * Creates or edits a document (spec section 3: manufacturer, language, type, name, cover, PDF files, video link). The cover
 * and the PDFs are uploaded when picked; saving stores the fields and adds the PDFs that arrived, at most 30 in all.
 */
export function DocumentForm({ document, onClose }: { document: DocumentEntry | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const existing = document === 'new' ? undefined : document;
  const save = useSaveDocument();
  const removeFile = useRemoveDocumentFile();
  const [cover, setCover] = useState<Uploaded[]>([]);
  const [coverCleared, setCoverCleared] = useState(false);
  const [pdfs, setPdfs] = useState<Uploaded[]>([]);
  const [kept, setKept] = useState(existing?.files ?? []);
  const currentCover = useStoredFileUrl(coverCleared ? null : (existing?.coverId ?? null));
  const uploadPdfRequest = useUploader(uploadPdf);
  const room = DOCUMENT_FILES_MAX - kept.length;

  const onFinish = async (values: Values) => {
    const newCover = idsOf(cover)[0];
    const fields = { ...values, coverId: newCover ?? (coverCleared ? null : (existing?.coverId ?? null)) };
    const parsed = documentSaveBody.safeParse(fields);
    if (!parsed.success) return void showSchemaIssues(form, parsed.error.issues, t);
    if (pdfs.some((file) => file.status === 'uploading')) return void message.warning(t('document.stillUploading'));
    try {
      await save.mutateAsync({ id: existing?.id, fields: parsed.data, fileIds: idsOf(pdfs) });
      void message.success(t('document.saved', { name: parsed.data.name }));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <FormDrawer<Values>
      title={existing ? t('document.edit', { name: existing.name }) : t('document.create')}
      width={560}
      form={form}
      saving={save.isPending}
      onFinish={onFinish}
      onClose={onClose}
      initialValues={
        existing
          ? {
              manufacturer: existing.manufacturer,
              language: existing.language,
              type: existing.type,
              name: existing.name,
              videoLink: existing.videoLink,
            }
          : { manufacturer: '', language: undefined, type: undefined, name: '', videoLink: '' }
      }
    >
      <Form.Item name="manufacturer" label={t('document.manufacturer')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="language" label={t('document.language')} required style={{ flex: 1 }}>
          <Select options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} />
        </Form.Item>
        <Form.Item name="type" label={t('document.type')} required style={{ flex: 1 }}>
          <Select options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`download.types.${value}`) }))} />
        </Form.Item>
      </Flex>
      <Form.Item name="name" label={t('document.name')} required>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="videoLink" label={t('document.videoLink')}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item label={t('document.cover')} extra={t('document.coverHint')}>
        <Flex gap={12} align="center">
          {currentCover && cover.length === 0 && (
            <>
              <img src={currentCover} alt={t('document.cover')} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} />
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setCoverCleared(true)}>
                {t('document.removeCover')}
              </Button>
            </>
          )}
          <ImageUpload label={t('document.uploadCover')} files={cover} onChange={setCover} upload={uploadCover} />
        </Flex>
      </Form.Item>
      <Form.Item
        label={t('document.files', { count: kept.length + idsOf(pdfs).length, max: DOCUMENT_FILES_MAX })}
        extra={t('document.filesHint')}
      >
        {kept.length > 0 && existing && (
          <List
            size="small"
            dataSource={kept}
            renderItem={(file) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('document.removeFileConfirm', { name: file.name })}
                    onConfirm={() =>
                      removeFile
                        .mutateAsync({ id: existing.id, fileId: file.id })
                        .then(() => setKept((files) => files.filter((other) => other.id !== file.id)))
                        .catch(() => {})
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('document.removeFile')} ${file.name}`} />
                  </Popconfirm>,
                ]}
              >
                <Button type="link" icon={<FilePdfOutlined />} onClick={() => void openStoredFile(file.id).catch(() => {})}>
                  {file.name}
                </Button>
              </List.Item>
            )}
          />
        )}
        <Upload<{ id: number }>
          accept=".pdf,application/pdf"
          multiple
          maxCount={room}
          fileList={pdfs}
          onChange={({ fileList }) => setPdfs(fileList)}
          customRequest={uploadPdfRequest}
        >
          <Button icon={<UploadOutlined />} disabled={room <= 0}>
            {t('document.uploadPdf')}
          </Button>
        </Upload>
      </Form.Item>
    </FormDrawer>
  );
}
