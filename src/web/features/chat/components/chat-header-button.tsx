import { useStore } from '@web/lib/create-store';
import { MessageCircle } from 'lucide-react';
import { chatStore } from '../chat-store';
import { CHAT_PANEL_ID, launcherLabel, toggleChat } from '../open-chat';
import { UnreadBadge } from './unread-badge';

/**
 * The chat's launcher in the header, for phone pages with their own bar at the bottom (the
 * product page's price bar, the checkout): there the floating button would cover the page's
 * actions, so it gives way to this one (styles.css shows one or the other).
 */
export function ChatHeaderButton({ className }: { className: string }) {
  const { open, unread } = useStore(chatStore);
  return (
    <button
      type="button"
      onClick={toggleChat}
      aria-expanded={open}
      aria-controls={open ? CHAT_PANEL_ID : undefined}
      data-chat-launcher
      data-header-chat
      aria-label={launcherLabel(open, unread)}
      className={className}
    >
      <MessageCircle aria-hidden="true" className="h-5 w-5" />
      <UnreadBadge count={open ? 0 : unread} />
    </button>
  );
}
