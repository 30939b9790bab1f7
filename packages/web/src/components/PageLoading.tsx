import { useTranslation } from 'react-i18next';

/** A whole-page loading indicator, styled in index.html so the first screen needs no extra JavaScript. */
export function PageLoading() {
  const { t } = useTranslation();
  return <div className="page-loading" role="status" aria-label={t('common.loading')} />;
}
