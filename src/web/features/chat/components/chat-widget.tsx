import { CHAT_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { ChatBubble } from '@web/components/ui/chat-bubble';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { useStore } from '@web/lib/create-store';
import { withRealtime } from '@web/lib/realtime-connection';
import { clsx } from 'clsx';
import { MessageCircle, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { currentChatSessionId } from '../chat-session';
import { chatStore, setChatOpen } from '../chat-store';
import { CHAT_PANEL_ID, launcherLabel, toggleChat, visibleLauncher } from '../open-chat';
import { UnreadBadge } from './unread-badge';

/**
 * Floating live chat with support (spec §2.14): bottom left, so it never covers the cart button.
 * On a phone the conversation is a full-height sheet; a page with its own bar at the bottom
 * (the product page's price bar, the checkout) hides the floating button and the header's
 * launcher stands in for it (styles.css), so nothing covers the page's actions.
 * The sheet is a modal <dialog> (the page behind is inert and focus stays in the chat); on a
 * wider screen the panel sits beside the page, which stays usable.
 */
/** Below Tailwind's `md` the chat covers the screen as a modal sheet. */
const PHONE_SHEET = '(max-width: 767.98px)';

export default function ChatWidget() {
  const { lines, unread, open, notice } = useStore(chatStore);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const sheet = useMediaQuery(PHONE_SHEET);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    if (panel.open) panel.close();
    if (sheet) panel.showModal();
    else panel.show();
    inputRef.current?.focus();
  }, [open, sheet]);
  // Scroll to the newest line whenever one arrives or the panel opens.
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [lines.length, open]);

  /** Closing from inside the panel hands the focus back to the launcher the shopper sees. */
  function close() {
    // a modal sheet keeps the page inert until it closes: close it before focusing the page
    panelRef.current?.close();
    setChatOpen(false);
    (visibleLauncher() ?? launcherRef.current)?.focus();
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
        onClick={toggleChat}
        aria-expanded={open}
        aria-controls={CHAT_PANEL_ID}
        data-floating="chat"
        data-chat-launcher
        aria-label={launcherLabel(open, unread)}
        className="fixed bottom-4 left-4 z-30 grid h-14 w-14 place-items-center rounded-full border border-line bg-surface text-fg shadow-xl shadow-black/30 transition-transform hover:scale-105 sm:bottom-6 sm:left-6"
      >
        {open ? (
          <X aria-hidden className="h-6 w-6" />
        ) : (
          <MessageCircle aria-hidden className="h-6 w-6" />
        )}
        {!open && <UnreadBadge count={unread} />}
      </button>
      {open && (
        <dialog
          ref={panelRef}
          id={CHAT_PANEL_ID}
          aria-label="Live chat with support"
          onKeyDown={(e) => e.key === 'Escape' && close()}
          onCancel={(e) => {
            e.preventDefault();
            close();
          }}
          data-floating="chat-panel"
          className={clsx(
            'fixed z-50 m-0 flex max-w-none flex-col overflow-hidden border-0 bg-surface p-0 text-fg',
            // phones: a sheet over the whole screen, clear of the floating buttons
            'max-md:inset-0 max-md:h-dvh max-md:max-h-none max-md:w-full max-md:pt-[env(safe-area-inset-top)] max-md:pb-[env(safe-area-inset-bottom)]',
            'md:top-auto md:right-auto md:bottom-24 md:left-6 md:max-h-[70vh] md:w-96 md:rounded-2xl md:border md:border-line md:shadow-2xl md:shadow-black/40',
          )}
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
              <ChatBubble key={`${line.timestamp}-${index}`} own={!line.fromSupport}>
                <span className="sr-only">{line.fromSupport ? 'Support: ' : 'You: '}</span>
                {line.message}
              </ChatBubble>
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
        </dialog>
      )}
    </>
  );
}
