import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { useUploader } from '../lib/upload.ts';

export type UploadedImage = UploadFile<{ id: number }>;

/** One image (jpg or png) uploaded as soon as it is picked; a refused one stays shown with the server's reason. */
export function ImageUpload({
  label,
  files,
  onChange,
  upload,
}: {
  label: string;
  files: UploadedImage[];
  onChange: (files: UploadedImage[]) => void;
  upload: (file: File) => Promise<{ id: number }>;
}) {
  const request = useUploader(upload);
  return (
    <Upload<{ id: number }>
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      listType="picture-card"
      maxCount={1}
      fileList={files}
      onChange={({ fileList }) => onChange(fileList)}
      customRequest={request}
    >
      {files.length === 0 && (
        <button type="button" aria-label={label} style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{label}</div>
        </button>
      )}
    </Upload>
  );
}
