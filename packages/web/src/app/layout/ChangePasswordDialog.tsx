import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../components/ChangePasswordForm.tsx';

/** The header's change-password dialog (an integrator has no user center); loaded when first opened. */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('userCenter.changePassword')} footer={null} onCancel={onClose}>
      <ChangePasswordForm onChanged={onClose} />
    </Modal>
  );
}
