import { brandSiteCalls, type CurrentBrand } from '@sunstack/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { request } from '../lib/http.ts';

const BrandLogo = lazy(() => import('./BrandLogo.tsx'));

// Asked once per page load: the domain the console is served on does not change while it is open.
let asked: Promise<CurrentBrand | null> | undefined;
const currentBrand = () => {
  asked ??= request(brandSiteCalls.current, undefined, { silent: true })
    .then((answer) => answer.brand)
    .catch(() => null);
  return asked;
};

/**
 * The brand of the domain the console is served on (brand management), null for the default Sunstack look, undefined
 * while it is asked. Public: the sign-in and download pages show it before anyone signs in.
 */
export function useCurrentBrand() {
  const [brand, setBrand] = useState<CurrentBrand | null | undefined>(undefined);
  useEffect(() => {
    let gone = false;
    void currentBrand().then((found) => !gone && setBrand(found));
    return () => {
      gone = true;
    };
  }, []);
  return brand;
}

/**
 * The logo and name of the console: the brand of the domain it is served on, else Sunstack's. Nothing is shown until
 * the brand is known, so the default look does not flash before a brand's.
 */
export function BrandMark({ size, showName = true, nameStyle }: { size: number; showName?: boolean; nameStyle?: React.CSSProperties }) {
  const brand = useCurrentBrand();
  if (brand === undefined) return <span style={{ height: size }} />;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {brand?.logoId ? (
        <Suspense fallback={<span style={{ height: size }} />}>
          <BrandLogo id={brand.logoId} size={size} />
        </Suspense>
      ) : (
        <img src="/favicon.svg" alt="" width={size} height={size} />
      )}
      {showName && <span style={nameStyle}>{brand?.name ?? 'Sunstack'}</span>}
    </span>
  );
}
