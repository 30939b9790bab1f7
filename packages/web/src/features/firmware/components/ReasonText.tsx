import { upgradeReasonOf } from '@sunstack/shared';
import { useTranslation } from 'react-i18next';

/** Why a device's upgrade failed: the known reasons translated, any other text of the device as it said it. */
export function ReasonText({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const reason = upgradeReasonOf(error);
  return <>{reason ? t(`upgrade.errors.${reason}`) : (error ?? '')}</>;
}
