import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * One message of a chat as a bubble in its list: the reader's own at the right in the shop's
 * colour, the other side's at the left (the shopper's widget and the support inbox alike).
 */
export function ChatBubble({ own = false, children }: { own?: boolean; children: ReactNode }) {
  return (
    <li
      className={clsx(
        'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
        own
          ? 'self-end rounded-br-sm bg-primary text-primary-fg'
          : 'self-start rounded-bl-sm bg-surface-2',
      )}
    >
      {children}
    </li>
  );
}
