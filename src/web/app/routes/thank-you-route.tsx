import { ThankYouPage } from '@web/features/thank-you/components/thank-you-page';

/** Lazy route for /thank-you (spec §2.9). */
export default function ThankYouRoute() {
  return <ThankYouPage />;
}
