import { type BrandEntry, brandSaveBody } from '@sunstack/shared';
import { Form, Input, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandLogoUrl } from '../../../components/BrandLogo.tsx';
import { FormDrawer } from '../../../components/FormDrawer.tsx';
import { ImageUpload, type UploadedImage } from '../../../components/ImageUpload.tsx';
import { showSchemaIssues, showServerIssues } from '../../../lib/forms.ts';
import { uploadLogo, useSaveBrand } from '../api/brands.ts';

type Values = Pick<BrandEntry, 'name' | 'domain' | 'downloadLink' | 'androidLink' | 'iosLink'>;

/** Creates or edits a brand (spec section 3: domain, download link, logo, app links; name 1-16). The logo is uploaded when picked. */
export function BrandForm({ brand, onClose }: { brand: BrandEntry | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const existing = brand === 'new' ? undefined : brand;
  const save = useSaveBrand();
  const [logo, setLogo] = useState<UploadedImage[]>([]);
  const currentLogo = useBrandLogoUrl(existing?.logoId ?? null);

  const onFinish = async (values: Values) => {
    const uploaded = logo.find((file) => file.status === 'done')?.response?.id;
    const parsed = brandSaveBody.safeParse({ ...values, logoId: uploaded ?? existing?.logoId ?? null });
    if (!parsed.success) return void showSchemaIssues(form, parsed.error.issues, t);
    try {
      await save.mutateAsync({ id: existing?.id, fields: parsed.data });
      void message.success(t('brand.saved', { name: parsed.data.name }));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <FormDrawer<Values>
      title={existing ? t('brand.edit') : t('brand.add')}
      width={520}
      form={form}
      saving={save.isPending}
      onFinish={onFinish}
      onClose={onClose}
      initialValues={existing ?? { name: '', domain: '', downloadLink: '', androidLink: '', iosLink: '' }}
    >
      <Form.Item name="name" label={t('brand.name')} required>
        <Input maxLength={16} showCount />
      </Form.Item>
      <Form.Item name="domain" label={t('brand.domain')} extra={t('brand.domainHint')} required>
        <Input placeholder="console.example.com" maxLength={253} />
      </Form.Item>
      <Form.Item label={t('brand.logo')}>
        {/* One logo: a new upload replaces the one shown. */}
        {currentLogo && logo.length === 0 && (
          <img src={currentLogo} alt={t('brand.logo')} height={64} style={{ maxWidth: 240, objectFit: 'contain', marginBottom: 8 }} />
        )}
        <ImageUpload label={t('brand.uploadLogo')} files={logo} onChange={setLogo} upload={uploadLogo} />
      </Form.Item>
      <Form.Item name="downloadLink" label={t('brand.downloadLink')}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item name="androidLink" label={t('brand.androidLink')}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item name="iosLink" label={t('brand.iosLink')}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
    </FormDrawer>
  );
}
