import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { DeliveryChoice, DeliveryMode } from './checkout-rules';
import { type ContactDetails, contactDetailsFromProfile } from './profile';

interface CheckoutState {
  details: ContactDetails;
  setDetail: (field: keyof ContactDetails, value: string) => void;
  choice: DeliveryChoice;
  setMode: (mode: DeliveryMode) => void;
  setDate: (date: string | null) => void;
  setTimeWindow: (window: string | null) => void;
}

const CheckoutContext = createContext<CheckoutState | null>(null);

/** The customer and delivery form, shared by the details card and the order summary. */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [details, setDetails] = useState<ContactDetails>(contactDetailsFromProfile);
  const [choice, setChoice] = useState<DeliveryChoice>({
    mode: 'same-day',
    date: null,
    timeWindow: null,
  });

  const setDetail = useCallback(
    (field: keyof ContactDetails, next: string) => setDetails((d) => ({ ...d, [field]: next })),
    [],
  );
  // spec §4: choosing Same-Day or Pickup clears any scheduled slot
  const setMode = useCallback(
    (mode: DeliveryMode) =>
      setChoice((c) =>
        mode === 'scheduled' ? { ...c, mode } : { mode, date: null, timeWindow: null },
      ),
    [],
  );
  const setDate = useCallback(
    (date: string | null) => setChoice((c) => (c.date === date ? c : { ...c, date })),
    [],
  );
  const setTimeWindow = useCallback(
    (timeWindow: string | null) =>
      setChoice((c) => (c.timeWindow === timeWindow ? c : { ...c, timeWindow })),
    [],
  );

  const value = useMemo<CheckoutState>(
    () => ({ details, setDetail, choice, setMode, setDate, setTimeWindow }),
    [details, setDetail, choice, setMode, setDate, setTimeWindow],
  );

  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

export function useCheckout(): CheckoutState {
  const state = useContext(CheckoutContext);
  if (!state) throw new Error('useCheckout must be used inside <CheckoutProvider>');
  return state;
}
