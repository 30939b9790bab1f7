import { UPGRADE_DEVICE_TYPES } from '@sunstack/shared';
import { useTranslation } from 'react-i18next';
import { UpgradeTasks } from '../components/UpgradeTasks.tsx';

/** Remote upgrade (spec /bus/version/inverterUpgrade): inverters, batteries, EMS, smart gateways and heat pumps. */
export default function UpgradePage() {
  const { t } = useTranslation();
  return (
    <UpgradeTasks
      title={t('navBar.inverterUpgrade')}
      kinds={UPGRADE_DEVICE_TYPES.filter((kind) => kind !== 'module')}
      intro={t('upgrade.intro')}
    />
  );
}
