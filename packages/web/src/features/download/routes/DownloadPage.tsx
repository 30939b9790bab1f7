import { DOWNLOAD_VARIANTS, type DownloadVariant } from '@sunstack/shared';
import { Card, Flex, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ManualList } from '../components/ManualList.tsx';

/**
 * The download pages of spec section 2. /app/v2/download gives the console's own address as a QR
 * code to open it on a phone; /manual/download lists the manuals document management published, by
 * language and type, and opens their PDFs. The variant (abroad, abroad1, inside, manual) names the region
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

  return (
    <main
      style={{ minHeight: '100vh', background: '#f0f4f8', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}
    >
      <Card style={{ width: '100%', maxWidth: isManual ? 720 : 480 }}>
        <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t(isManual ? 'download.manualTitle' : 'download.appTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`download.variant.${variant}`)}</Typography.Text>
          {isManual ? (
            <ManualList />
          ) : (
            <>
              <Typography.Paragraph>{t('download.appText')}</Typography.Paragraph>
              <QRCodeSVG value={consoleUrl} size={180} title={consoleUrl} />
              <Typography.Link href={consoleUrl} copyable>
                {consoleUrl}
              </Typography.Link>
            </>
          )}
          <Link to="/login">{t('download.toSignIn')}</Link>
        </Flex>
      </Card>
    </main>
  );
}
