import { guard } from '@sunstack/shared';
import { message } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useClientStore } from '../lib/clientStore.ts';
import { BUILT_ROUTES } from '../lib/screens.ts';
import { useTabStore } from '../lib/tabs/tabStore.ts';

/** The navigation guard of spec section 4, applied to every route. */
export function Guard() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const token = useClientStore((state) => state.token);
  const access = useClientStore((state) => state.access);
  const decision = guard(pathname, { token, access }, BUILT_ROUTES);
  const clearSession = decision.clearSession === true;
  const warn = decision.kind === 'redirect' && decision.message === 'noPermissions';

  // On entering /login only: the sign-in that happens on that page must not be undone.
  useEffect(() => {
    if (clearSession && useClientStore.getState().token !== null) {
      useClientStore.getState().clearSession();
      useTabStore.getState().reset();
    }
  }, [clearSession]);
  useEffect(() => {
    if (warn) void message.warning(t('common.noPermissions'));
  }, [warn, t]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
