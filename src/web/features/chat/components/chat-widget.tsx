import { CHAT_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { useStore } from '@web/lib/create-store';
import { requestRealtime, withRealtime } from '@web/lib/realtime-connection';
import { MessageCircle, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { currentChatSessionId } from '../chat-session';
import { chatStore, setChatOpen } from '../chat-store';
import { askNotificationPermission } from '../notify';

/** Floating live chat with support (spec §2.14): bottom left, so it never covers the cart button. */
export default function ChatWidget() {
  const { lines, unread, open, notice } = useStore(chatStore);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  // Scroll to the newest line whenever one arrives or the panel opens.
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [lines.length, open]);

  function toggle() {
    if (!open) {
      askNotificationPermission();
      // the answer comes over the real-time channel: open it now, not when the page is idle
      requestRealtime();
    }
    setChatOpen(!open);
  }

  /** Closing from inside the panel hands the focus back to the button that opened it. */
  function close() {
    setChatOpen(false);
    launcherRef.current?.focus();
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    // Before the first init there is no id yet: the server then files it under the one it issues.
    withRealtime((client) =>
      client.send('chat-message', { sessionId: currentChatSessionId() ?? undefined, message }),
    );
    setDraft('');
  }

  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={titleId}
        data-floating="chat"
        aria-label={
          open ? 'Close live chat' : unread ? `Open live chat, ${unread} new` : 'Open live chat'
        }
        className="fixed bottom-4 left-4 z-30 grid h-14 w-14 place-items-center rounded-full border border-line bg-surface text-fg shadow-xl shadow-black/30 transition-transform hover:scale-105 sm:bottom-6 sm:left-6"
      >
        {open ? (
          <X aria-hidden className="h-6 w-6" />
        ) : (
          <MessageCircle aria-hidden className="h-6 w-6" />
        )}
        {unread > 0 && !open && (
          <span className="absolute -top-1 -right-1 grid h-6 min-w-6 place-items-center rounded-full bg-danger px-1 text-xs font-bold text-danger-fg">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={titleId}
          aria-label="Live chat with support"
          onKeyDown={(e) => e.key === 'Escape' && close()}
          data-floating="chat-panel"
          className="fixed inset-x-2 bottom-20 z-40 flex max-h-[70vh] flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-black/40 sm:inset-x-auto sm:bottom-24 sm:left-6 sm:w-96"
        >
          <header className="flex items-center justify-between border-b border-line px-4 py-3">
            <div>
              <h2 className="font-semibold">Live Chat</h2>
              <p className="text-xs text-muted">We usually answer within a few minutes.</p>
            </div>
            <Button variant="ghost" size="icon" onClick={close} aria-label="Close live chat">
              <X aria-hidden className="h-5 w-5" />
            </Button>
          </header>
          <ol
            ref={listRef}
            className="flex min-h-48 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3"
            aria-live="polite"
          >
            {lines.length === 0 && (
              <li className="m-auto max-w-60 text-center text-sm text-muted">
                Questions about a product or your order? Send us a message.
              </li>
            )}
            {lines.map((line, index) => (
              <li
                key={`${line.timestamp}-${index}`}
                className={
                  line.fromSupport
                    ? 'max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-surface-2 px-3 py-2 text-sm'
                    : 'max-w-[85%] self-end rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-sm text-primary-fg'
                }
              >
                <span className="sr-only">{line.fromSupport ? 'Support: ' : 'You: '}</span>
                {line.message}
              </li>
            ))}
          </ol>
          {notice && (
            <p role="status" className="border-t border-line px-4 py-2 text-sm text-danger">
              {notice}
            </p>
          )}
          <form onSubmit={send} className="flex items-end gap-2 border-t border-line p-3">
            <label className="sr-only" htmlFor={`${titleId}-input`}>
              Your message
            </label>
            <textarea
              id={`${titleId}-input`}
              ref={inputRef}
              value={draft}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              rows={1}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) send(e);
              }}
              placeholder="Type a message…"
              className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-line bg-bg px-3 py-2.5 text-sm focus:outline-2 focus:outline-primary"
            />
            <Button
              type="submit"
              size="icon"
              aria-label="Send chat message"
              disabled={!draft.trim()}
            >
              <Send aria-hidden className="h-5 w-5" />
            </Button>
          </form>
        </section>
      )}
    </>
  );
}
