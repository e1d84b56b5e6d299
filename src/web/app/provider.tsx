import { QueryClientProvider } from '@tanstack/react-query';
import { TaxInclusivePrices } from '@web/features/compliance/components/tax-inclusive-prices';
import { queryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TaxInclusivePrices>{children}</TaxInclusivePrices>
    </QueryClientProvider>
  );
}
