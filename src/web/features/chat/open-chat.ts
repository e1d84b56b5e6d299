import { requestRealtime } from '@web/lib/realtime-connection';
import { chatStore, setChatOpen } from './chat-store';
import { askNotificationPermission } from './notify';

/** The conversation panel, which every launcher controls. */
export const CHAT_PANEL_ID = 'live-chat-panel';

/** Opens the live chat, or closes it when open; every launcher (floating or in the header) calls this. */
export function toggleChat(): void {
  const open = chatStore.get().open;
  if (!open) {
    askNotificationPermission();
    // the answer comes over the real-time channel: open it now, not when the page is idle
    requestRealtime();
  }
  setChatOpen(!open);
}

/** The label of a launcher: what it does, and how many replies wait unread. */
export function launcherLabel(open: boolean, unread: number): string {
  if (open) return 'Close live chat';
  return unread ? `Open live chat, ${unread} new` : 'Open live chat';
}

/** The launcher the shopper can see now: the floating button, or the header's on a phone page with its own bottom bar. */
export function visibleLauncher(): HTMLElement | null {
  const launchers = document.querySelectorAll<HTMLElement>('[data-chat-launcher]');
  return Array.from(launchers).find((el) => el.getClientRects().length > 0) ?? null;
}
