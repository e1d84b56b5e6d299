/** The shopper's chat conversation, fed by the real-time channel. */
import type { ChatMessagePayload } from '@shared/schemas/chat';
import { createStore } from '@web/lib/create-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '@web/lib/storage';

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

/** Replies newer than the newest one the shopper saw in this browser (any page, any visit). */
function unseenReplies(lines: readonly ChatLine[]): number {
  const seen = readStorage(STORAGE_KEYS.chatSeen) ?? '';
  return lines.filter((line) => line.fromSupport && line.timestamp > seen).length;
}

/** The shopper has the chat open: every line so far counts as seen, here and after a reload. */
function markSeen(lines: readonly ChatLine[]): void {
  // ISO times: the greatest string is the newest
  const newest =
    lines
      .map((line) => line.timestamp)
      .sort()
      .at(-1) ?? '';
  if (newest && newest > (readStorage(STORAGE_KEYS.chatSeen) ?? ''))
    writeStorage(STORAGE_KEYS.chatSeen, newest);
}

/**
 * The conversation as the server keeps it (after a reload or a reconnect). Replies that came
 * while the shopper was away, or before they last looked, count as unread until the chat opens.
 */
export function restoreHistory(history: ChatMessagePayload[]): void {
  chatStore.set((s) => {
    const lines = history.map((m) => ({
      message: m.message,
      timestamp: m.timestamp,
      fromSupport: Boolean(m.isFromSupport),
    }));
    if (s.open) markSeen(lines);
    return { ...s, lines, unread: s.open ? 0 : unseenReplies(lines) };
  });
}

export function appendLine(line: ChatLine): void {
  chatStore.set((s) => {
    const duplicate = s.lines.some(
      (l) => l.timestamp === line.timestamp && l.message === line.message,
    );
    if (duplicate) return s;
    const lines = [...s.lines, line];
    if (s.open) markSeen(lines);
    return {
      ...s,
      lines,
      unread: s.open || !line.fromSupport ? s.unread : s.unread + 1,
    };
  });
}

export function setChatOpen(open: boolean): void {
  chatStore.set((s) => {
    if (open) markSeen(s.lines);
    return { ...s, open, unread: open ? 0 : s.unread };
  });
}
