import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { orderStatusHref } from '@web/lib/paths';
import { Link2 } from 'lucide-react';
import { Link } from 'wouter';

/** The order's status link: open it here, or copy it to follow on another device. */
export function StatusLink({ token, orderId }: { token: string; orderId: number }) {
  if (!token) return null;
  const href = orderStatusHref(token);
  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(href, window.location.origin).toString());
      toast({ title: 'Status link copied.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Open the link and share its address.' });
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link
        href={href}
        className="inline-flex items-center gap-1.5 font-semibold text-primary underline"
      >
        <Link2 aria-hidden="true" className="h-4 w-4" />
        Track order #{orderId}
      </Link>
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        Copy link<span className="sr-only"> to order #{orderId}</span>
      </Button>
    </span>
  );
}
