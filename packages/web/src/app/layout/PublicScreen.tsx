import { routeByName } from '@sunstack/shared';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading.tsx';
import { screenOf } from '../screens.ts';

/** A screen outside the console (sign-in, errors, downloads): its title, its own page. */
export function PublicScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  const Screen = screenOf(name);
  const title = t(`navBar.${routeByName(name).title}`);
  useEffect(() => {
    document.title = `${title} - Sunstack`;
  }, [title]);
  if (!Screen) return null;
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}
