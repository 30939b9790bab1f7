import { type Language, metaCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

/** Spec section 7 names the session keys country_zh and country_en; other languages follow the pattern. */
export function countriesCacheKey(language: Language) {
  if (language === 'zh_CN') return 'country_zh';
  return `country_${language}`;
}

export function useCountries() {
  const language = useClientStore((state) => state.language);
  return useQuery({
    queryKey: ['countries', language],
    queryFn: async () => (await request(metaCalls.countries, undefined, { sessionCacheKey: countriesCacheKey(language) })).countries,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
