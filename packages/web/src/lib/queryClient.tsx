import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './http.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An errno answer is final; only network trouble is worth one more try.
      retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Provides the one query client to the parts that query: the console shell, the sign-up page and
 * the reset dialog. The sign-in page does not load the query library at all (bench/RESULTS.md).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
