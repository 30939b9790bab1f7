import type { SendCaptchaBody } from '@sunstack/shared';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCaptcha } from '../api/sendCaptcha.ts';

const RESEND_SECONDS = 60;

/** Sends a verification code, then counts down before another may be asked for (the server throttles too). */
export function CodeButton({ request, onSent }: { request: () => Promise<SendCaptchaBody>; onSent?: () => void }) {
  const { t } = useTranslation();
  const send = useSendCaptcha();
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onClick = async () => {
    const body = await request().catch(() => null);
    if (!body) return;
    await send.mutateAsync(body);
    setWait(RESEND_SECONDS);
    onSent?.();
  };

  return (
    <Button onClick={() => void onClick().catch(() => {})} disabled={wait > 0} loading={send.isPending} style={{ flex: 'none' }}>
      {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
    </Button>
  );
}
