import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantForm } from '../components/PlantForm.tsx';

/** Add a plant: the plant form in add mode. */
export default function PlantAddPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('navBar.plantAdd')} variant="borderless">
      <PlantForm />
    </Card>
  );
}
