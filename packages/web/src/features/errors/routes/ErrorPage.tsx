import { Button } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Result } from '../../../components/Result.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { landingScreen } from '../../../lib/screens.ts';

const PAGES: Record<string, { status: ResultStatusType; key: string }> = {
  '/error/403': { status: '403', key: 'forbidden' },
  '/error/404': { status: '404', key: 'notFound' },
  '/error/5xx': { status: '500', key: 'serverError' },
  '/error/noPermissions': { status: '403', key: 'noPermissions' },
};

/** The error pages of spec section 2 (403, 404, 5xx, no permissions): one screen, chosen by path. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useClientStore((state) => state.token);
  const access = useClientStore((state) => state.access);
  const page = PAGES[pathname] ?? (PAGES['/error/404'] as { status: ResultStatusType; key: string });
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Result
        status={page.status}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t(`errorPage.${page.key}.title`)}</h1>}
        subTitle={t(`errorPage.${page.key}.text`)}
        extra={
          <Button type="primary" onClick={() => navigate(landingScreen(token ? access : null))}>
            {token ? t('errorPage.backHome') : t('errorPage.toSignIn')}
          </Button>
        }
      />
    </main>
  );
}
