import { brandCalls, type CurrentBrand } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { request } from './http.ts';
import { useFileUrl } from './useFileUrl.ts';

// Asked once per page load: the domain the console is served on does not change while it is open.
let asked: Promise<CurrentBrand | null> | undefined;
const currentBrand = () => {
  asked ??= request(brandCalls.current, undefined, { silent: true })
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

/** A brand's logo (public) as an address an <img> can show. */
export const useBrandLogoUrl = (id: number | null) => useFileUrl(brandCalls.logo, id);
