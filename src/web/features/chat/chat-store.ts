/** The shopper's chat conversation, fed by the real-time channel. */
import type { ChatMessagePayload } from '@shared/events';
import { createStore } from '@web/lib/create-store';

export interface ChatLine {
  message: string;
  timestamp: string;
  fromSupport: boolean;
}

export const chatStore = createStore<{
  lines: ChatLine[];
  unread: number;
  open: boolean;
  /** why the server refused the shopper's last message ("Slow down…"), until one is accepted */
  notice: string | null;
}>({
  lines: [],
  unread: 0,
  open: false,
  notice: null,
});

/** The server's answer to a message the shopper sent: refused with a reason, or accepted. */
export function acknowledge(ack: { ok: boolean; error?: string }): void {
  const notice = ack.ok ? null : (ack.error ?? 'Your message was not sent.');
  chatStore.set((s) => (s.notice === notice ? s : { ...s, notice }));
}

export function restoreHistory(history: ChatMessagePayload[]): void {
  chatStore.set((s) => ({
    ...s,
    lines: history.map((m) => ({
      message: m.message,
      timestamp: m.timestamp,
      fromSupport: Boolean(m.isFromSupport),
    })),
  }));
}

export function appendLine(line: ChatLine): void {
  chatStore.set((s) => {
    const duplicate = s.lines.some(
      (l) => l.timestamp === line.timestamp && l.message === line.message,
    );
    if (duplicate) return s;
    return {
      ...s,
      lines: [...s.lines, line],
      unread: s.open || !line.fromSupport ? s.unread : s.unread + 1,
    };
  });
}

export function setChatOpen(open: boolean): void {
  chatStore.set((s) => ({ ...s, open, unread: open ? 0 : s.unread }));
}
