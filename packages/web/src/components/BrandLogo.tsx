import { brandSiteCalls } from '@sunstack/shared';
import { useFileUrl } from '../lib/useFileUrl.ts';

/** A brand's logo (public) as an address an <img> can show. */
export const useBrandLogoUrl = (id: number | null) => useFileUrl(brandSiteCalls.logo, id);

/** A brand's logo at a height; loaded apart from BrandMark, so the default look loads none of it. */
export default function BrandLogo({ id, size }: { id: number; size: number }) {
  const url = useBrandLogoUrl(id);
  return url ? (
    <img src={url} alt="" height={size} style={{ maxWidth: size * 4, objectFit: 'contain' }} />
  ) : (
    <span style={{ height: size }} />
  );
}
