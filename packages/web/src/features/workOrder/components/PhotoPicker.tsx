import { PlusOutlined } from '@ant-design/icons';
import { WORK_ORDER_PHOTOS_MAX } from '@sunstack/shared';
import { Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { uploadPhoto } from '../api/photos.ts';

/**
 * Photos for an order or a reply: each is uploaded when picked (its bytes decide whether it is a jpg or png), and
 * the field's value is the ids of those that arrived. A refused one stays in the list with the server's reason.
 */
export function PhotoPicker({ onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile<{ id: number }>[]>([]);
  const report = (next: UploadFile<{ id: number }>[]) => {
    setFiles(next);
    onChange?.(next.flatMap((file) => (file.status === 'done' && file.response ? [file.response.id] : [])));
  };
  return (
    <Upload<{ id: number }>
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      listType="picture-card"
      fileList={files}
      maxCount={WORK_ORDER_PHOTOS_MAX}
      onChange={({ fileList }) => report(fileList)}
      customRequest={({ file, onSuccess, onError }) => {
        uploadPhoto(file as File)
          .then((uploaded) => onSuccess?.(uploaded))
          .catch((error: unknown) => {
            const reason = error instanceof ApiError && error.issues[0] ? t(error.issues[0].message) : String(error);
            onError?.(new Error(reason));
          });
      }}
    >
      {files.length < WORK_ORDER_PHOTOS_MAX && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('workOrder.addPhoto')}</div>
        </button>
      )}
    </Upload>
  );
}
