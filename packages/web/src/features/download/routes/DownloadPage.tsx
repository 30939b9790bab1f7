import { DOWNLOAD_VARIANTS, type DownloadVariant } from '@sunstack/shared';
import { Card, Flex, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BrandMark, useCurrentBrand } from '../../../components/BrandMark.tsx';

import { ManualList } from '../components/ManualList.tsx';

/** A link as a QR code for a phone, with the link to click beside it. */
function LinkCode({ url, label }: { url: string; label?: string }) {
  return (
    <Flex vertical align="center" gap={8}>
      {label && <Typography.Text strong>{label}</Typography.Text>}
      <QRCodeSVG value={url} size={160} title={url} />
      <Typography.Link href={url} copyable style={{ wordBreak: 'break-all' }}>
        {url}
      </Typography.Link>
    </Flex>
  );
}

/**
 * The download pages of spec section 2. /app/v2/download gives the console's own address as a QR
 * code to open it on a phone; /manual/download lists the manuals document management published, by
 * language and type, and opens their PDFs. On a brand's domain the app page gives the brand's store links as QR codes
 * instead (brand management). The variant (abroad, abroad1, inside, manual) names the region
 * the link was printed for; this installation serves them all from one address.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const asked = params.get('variant');
  const variant: DownloadVariant = DOWNLOAD_VARIANTS.includes(asked as DownloadVariant)
    ? (asked as DownloadVariant)
    : pathname.startsWith('/manual')
      ? 'manual'
      : 'abroad';
  const isManual = pathname.startsWith('/manual');
  const consoleUrl = `${window.location.origin}/login`;
  const brand = useCurrentBrand();
  const stores = [
    { url: brand?.androidLink, label: t('download.android') },
    { url: brand?.iosLink, label: t('download.ios') },
  ].filter((store): store is { url: string; label: string } => Boolean(store.url));

  return (
    <main
      style={{ minHeight: '100vh', background: '#f0f4f8', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}
    >
      <Card style={{ width: '100%', maxWidth: isManual ? 720 : 480 }}>
        <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
          <BrandMark size={48} showName={false} />
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {isManual ? t('download.manualTitle') : t('download.appTitle', { name: brand?.name ?? 'Sunstack' })}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`download.variant.${variant}`)}</Typography.Text>
          {isManual ? (
            <ManualList />
          ) : (
            <>
              <Typography.Paragraph>{t(stores.length > 0 ? 'download.appLinks' : 'download.appText')}</Typography.Paragraph>
              {stores.length > 0 ? (
                <Flex wrap gap={32} justify="center">
                  {stores.map((store) => (
                    <LinkCode key={store.label} {...store} />
                  ))}
                </Flex>
              ) : (
                <LinkCode url={consoleUrl} />
              )}
              {brand?.downloadLink && <Typography.Link href={brand.downloadLink}>{t('download.downloadLink')}</Typography.Link>}
            </>
          )}
          <Link to="/login">{t('download.toSignIn')}</Link>
        </Flex>
      </Card>
    </main>
  );
}
