import { useBrandLogoUrl, useCurrentBrand } from '../lib/brand.ts';

/**
 * The logo and name of the console: the brand of the domain it is served on, else Sunstack's. Nothing is shown until
 * the brand is known, so the default look does not flash before a brand's.
 */
export function BrandMark({ size, showName = true, nameStyle }: { size: number; showName?: boolean; nameStyle?: React.CSSProperties }) {
  const brand = useCurrentBrand();
  const logo = useBrandLogoUrl(brand?.logoId ?? null);
  if (brand === undefined) return <span style={{ height: size }} />;
  const src = brand?.logoId ? logo : '/favicon.svg';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {src ? (
        <img src={src} alt="" height={size} style={{ maxWidth: size * 4, objectFit: 'contain' }} />
      ) : (
        <span style={{ width: size, height: size }} />
      )}
      {showName && <span style={nameStyle}>{brand?.name ?? 'Sunstack'}</span>}
    </span>
  );
}
