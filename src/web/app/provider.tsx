import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TaxInclusivePrices } from '@web/features/compliance/components/tax-inclusive-prices';
import type { ReactNode } from 'react';

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <TaxInclusivePrices>{children}</TaxInclusivePrices>
    </QueryClientProvider>
  );
}
