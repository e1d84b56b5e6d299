import { useRuleSet } from '@web/api/get-dealer-settings';
import { noticeToChannel } from '@web/lib/channel-notices';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  type DeliveryChoice,
  type DeliveryMode,
  type DetailErrors,
  detailErrors,
  orderTypeFor,
} from './checkout-rules';
import { type ContactDetails, readCheckoutDraft, saveCheckoutDraft } from './profile';

interface CheckoutState {
  details: ContactDetails;
  setDetail: (field: keyof ContactDetails, value: string) => void;
  /** what the order's schema refused, under each field, until the value is valid */
  errors: DetailErrors;
  setErrors: (errors: DetailErrors) => void;
  choice: DeliveryChoice;
  setMode: (mode: DeliveryMode) => void;
  setDate: (date: string | null) => void;
  setTimeWindow: (window: string | null) => void;
}

const CheckoutContext = createContext<CheckoutState | null>(null);

/** The customer and delivery form, shared by the details card and the order summary. */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [draft] = useState(readCheckoutDraft);
  const [details, setDetails] = useState<ContactDetails>(draft.details);
  const [choice, setChoice] = useState<DeliveryChoice>({
    mode: draft.mode,
    date: null,
    timeWindow: null,
  });
  // the draft is kept as the shopper types: leaving the cart, a reload or Back loses nothing
  useEffect(() => saveCheckoutDraft({ details, mode: choice.mode }), [details, choice.mode]);

  const [errors, setErrors] = useState<DetailErrors>({});
  const ruleSet = useRuleSet();
  const setDetail = useCallback(
    (field: keyof ContactDetails, next: string) => setDetails((d) => ({ ...d, [field]: next })),
    [],
  );
  // a shown error is judged again on every change, so it goes as soon as the value is valid
  const orderType = orderTypeFor(choice);
  const shownErrors = useMemo(() => {
    const now = detailErrors(details, orderType, ruleSet);
    const kept: DetailErrors = {};
    for (const field of Object.keys(errors) as (keyof ContactDetails)[])
      if (now[field]) kept[field] = now[field];
    return kept;
  }, [details, orderType, errors, ruleSet]);
  // spec §4: choosing Same-Day or Pickup clears any scheduled slot
  const setMode = useCallback((mode: DeliveryMode) => {
    // spec §7: the scheduled picker asks the channel for the current slots
    if (mode === 'scheduled') noticeToChannel('fetch-schedule-slots');
    setChoice((c) =>
      mode === 'scheduled' ? { ...c, mode } : { mode, date: null, timeWindow: null },
    );
  }, []);
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
    () => ({
      details,
      setDetail,
      errors: shownErrors,
      setErrors,
      choice,
      setMode,
      setDate,
      setTimeWindow,
    }),
    [details, setDetail, shownErrors, choice, setMode, setDate, setTimeWindow],
  );

  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

export function useCheckout(): CheckoutState {
  const state = useContext(CheckoutContext);
  if (!state) throw new Error('useCheckout must be used inside <CheckoutProvider>');
  return state;
}
