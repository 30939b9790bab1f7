import { ShopOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../components/Result.tsx';

/**
 * The next step of an end user without a plant (issue 21, defect 5): end users do not create plants, so
 * it says who does and by which name they find the account.
 */
export function NoPlantYetCard({ user }: { user: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        icon={<ShopOutlined />}
        title={t('home.noPlant.title')}
        subTitle={
          <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: '0 auto' }}>
            {t('home.noPlant.installer')} <Typography.Text strong>{user}</Typography.Text>
            <br />
            {t('home.noPlant.then')}
          </Typography.Paragraph>
        }
      />
    </Card>
  );
}
