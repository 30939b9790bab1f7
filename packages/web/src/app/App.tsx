import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useClientStore } from '../lib/clientStore.ts';
import { loadAntdLocale } from '../lib/i18n.ts';
import { router } from './router.tsx';

/**
 * The theme: the chosen colour for primary elements and links, and secondary text dark enough
 * for WCAG AA contrast on white (Ant Design's defaults reach about 3.4:1). Placeholders (a Select's
 * is text axe checks) stay a little lighter than secondary text: 5.3:1 on white, 4.9:1 on the grey of
 * a filled field, where antd's reach 1.8:1.
 */
function themeTokens(color: string) {
  return {
    colorPrimary: color,
    colorLink: color,
    colorInfo: color,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  };
}

export function App({ initialLocale }: { initialLocale: Locale }) {
  const language = useClientStore((state) => state.language);
  const themeColor = useClientStore((state) => state.themeColor);
  const [locale, setLocale] = useState(initialLocale);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((next) => current && setLocale(next));
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider locale={locale} theme={{ token: themeTokens(themeColor) }}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
