import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money in the plant's currency and ratios as percentages, as the user's language writes them ('—' for none). */
export function useFigureFormat(currency = 'EUR') {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const language = i18n.language.replace('_', '-');
    const money = new Intl.NumberFormat(language, { style: 'currency', currency });
    const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return {
      money: (value: number) => money.format(value),
      percent: (ratio: number | null) => (ratio === null ? '—' : share.format(ratio)),
    };
  }, [i18n.language, currency]);
}
