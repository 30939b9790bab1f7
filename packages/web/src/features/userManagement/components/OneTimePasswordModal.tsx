import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface IssuedPassword {
  username: string;
  password: string;
}

/** Shows a one-time password once: it is never shown again, and the account must replace it after signing in. */
export function OneTimePasswordModal({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={issued !== null}
      title={t('userManagement.oneTimeTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('userManagement.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {issued && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('userManagement.oneTimeOnce', { user: issued.username })} />
          <Typography.Text>{t('userManagement.oneTimeFor', { user: issued.username })}</Typography.Text>
          <Typography.Text code copyable={{ text: issued.password }} style={{ fontSize: 18 }}>
            {issued.password}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
