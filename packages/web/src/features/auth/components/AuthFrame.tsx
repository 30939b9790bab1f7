import { Flex, Grid, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { LanguageSelect } from '../../../components/LanguageSelect.tsx';

/** The frame of the sign-in and sign-up pages: the product beside, the form in a card, the language on top. */
export function AuthFrame({ title, children, width = 400 }: { title: string; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().lg;
  const { token } = theme.useToken();
  return (
    <Flex style={{ minHeight: '100vh', background: '#f0f4f8' }}>
      {wide && (
        <Flex
          vertical
          justify="space-between"
          style={{
            flex: '0 0 42%',
            padding: 48,
            color: '#fff',
            background: 'linear-gradient(150deg, #0b3d91 0%, #1668dc 55%, #f5a623 140%)',
          }}
        >
          <BrandMark size={36} nameStyle={{ fontSize: 24, fontWeight: 600 }} />
          <div>
            <h2 style={{ fontSize: 32, lineHeight: 1.25, margin: 0, color: '#fff' }}>{t('auth.tagline')}</h2>
            <p style={{ fontSize: 16, opacity: 0.9, maxWidth: 440 }}>{t('auth.pitch')}</p>
          </div>
          <Flex gap={16} style={{ opacity: 0.9 }}>
            <Link to="/app/v2/download" style={{ color: '#fff' }}>
              {t('auth.appDownload')}
            </Link>
            <Link to="/manual/download" style={{ color: '#fff' }}>
              {t('auth.manuals')}
            </Link>
          </Flex>
        </Flex>
      )}
      <Flex vertical align="center" style={{ flex: 1, padding: wide ? 48 : 16 }}>
        <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: width }}>
          {!wide ? <BrandMark size={28} nameStyle={{ fontSize: 18, fontWeight: 600 }} /> : <span />}
          <LanguageSelect />
        </Flex>
        <Flex flex={1} align="center" style={{ width: '100%', maxWidth: width }}>
          {/* A plain panel rather than Card: Card brings Tabs and Skeleton into the sign-in page's JavaScript. */}
          <main
            style={{
              width: '100%',
              margin: '24px 0',
              padding: 24,
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <h1 style={{ fontSize: 24, fontWeight: 600, marginTop: 0, marginBottom: 20, color: token.colorTextHeading }}>{title}</h1>
            {children}
          </main>
        </Flex>
      </Flex>
    </Flex>
  );
}
