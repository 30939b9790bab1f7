import { useTranslation } from 'react-i18next';
import { UpgradeTasks } from '../components/UpgradeTasks.tsx';

/**
 * Module upgrade (spec /bus/version/moduleUpgrade for administrators, /bus/version/ for agents and distributors): the
 * dataloggers' own firmware, on the same tasks and strategies as the devices behind them.
 */
export default function ModuleUpgradePage() {
  const { t } = useTranslation();
  return <UpgradeTasks title={t('navBar.moduleUpgrade')} kinds={['module']} intro={t('upgrade.moduleIntro')} />;
}
