import { ThankYouPage } from '@web/features/thank-you/components/thank-you-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

/** Lazy route for /thank-you (spec §2.9). */
export default function ThankYouRoute() {
  useDocumentTitle('Thank You');
  return <ThankYouPage />;
}
