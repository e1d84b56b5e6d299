import { CHAT_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useChatMessages } from '@web/api/get-chat-messages';
import { type ChatSessionSummary, chatKeys } from '@web/api/get-chat-sessions';
import { Button } from '@web/components/ui/button';
import { ChatBubble } from '@web/components/ui/chat-bubble';
import { formatDistanceToNow } from 'date-fns';
import { Ban, Mail, Phone, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { closeChatAsSpam, markChatRead, sendSupportReply } from '../api/chat-inbox';

/**
 * The live chats: sessions with unread ones first, a page at a time, the chosen thread, a reply
 * box and a way to close a conversation as spam.
 */
export function ChatConversations({
  sessions,
  selected,
  onSelect,
  onLoadMore,
}: {
  sessions: ChatSessionSummary[] | undefined;
  selected: string | null;
  onSelect: (sessionId: string) => void;
  /** loads the next page; absent on the last one */
  onLoadMore?: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const messages = useChatMessages(selected);

  useEffect(() => {
    if (!selected) return;
    void markChatRead(selected).then(() =>
      queryClient.invalidateQueries({ queryKey: chatKeys.sessions }),
    );
  }, [selected, queryClient]);

  const reply = useMutation({
    mutationFn: ({ sessionId, message }: { sessionId: string; message: string }) =>
      sendSupportReply(sessionId, message),
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
  });

  const spam = useMutation({
    mutationFn: closeChatAsSpam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.sessions }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (selected && draft.trim()) reply.mutate({ sessionId: selected, message: draft.trim() });
  }

  const current = sessions?.find((s) => s.sessionId === selected);
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
      <ul className="flex max-h-96 flex-col gap-1 overflow-y-auto" aria-label="Chat sessions">
        {sessions?.length === 0 && <li className="p-3 text-sm text-muted">No chats yet.</li>}
        {sessions?.map((s) => (
          <li key={s.sessionId}>
            <button
              type="button"
              onClick={() => onSelect(s.sessionId)}
              aria-current={s.sessionId === selected}
              className="flex w-full items-start justify-between gap-2 rounded-xl px-3 py-2 text-left hover:bg-surface-2 aria-[current=true]:bg-surface-2"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{s.name ?? 'Shopper'}</span>
                <span className="block truncate text-xs text-muted">{s.lastMessage ?? '—'}</span>
                <span className="block text-xs text-muted">
                  {formatDistanceToNow(new Date(s.lastMessageAt), { addSuffix: true })}
                </span>
              </span>
              {s.unreadCount > 0 && (
                <span className="grid h-6 min-w-6 place-items-center rounded-full bg-primary px-1 text-xs font-bold text-primary-fg">
                  {s.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </button>
          </li>
        ))}
        {onLoadMore && (
          <li>
            <Button variant="ghost" className="w-full" onClick={onLoadMore}>
              Load more chats
            </Button>
          </li>
        )}
      </ul>
      <div className="flex min-h-64 flex-col rounded-xl border border-line">
        {!current ? (
          <p className="m-auto p-6 text-sm text-muted">Choose a conversation to read and reply.</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-x-4 gap-y-1 border-b border-line px-4 py-2 text-sm">
              <span className="font-medium">{current.name ?? 'Shopper'}</span>
              {current.phone && (
                <a
                  className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                  href={`tel:${current.phone}`}
                >
                  <Phone aria-hidden className="h-4 w-4" /> {current.phone}
                </a>
              )}
              {current.email && (
                <a
                  className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                  href={`mailto:${current.email}`}
                >
                  <Mail aria-hidden className="h-4 w-4" /> {current.email}
                </a>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                disabled={spam.isPending}
                onClick={() => spam.mutate(current.sessionId)}
              >
                <Ban aria-hidden className="h-4 w-4" /> Close as spam
              </Button>
            </div>
            <ol
              className="flex max-h-80 flex-1 flex-col gap-2 overflow-y-auto p-4"
              aria-live="polite"
            >
              {messages.data?.map((m, i) => (
                <ChatBubble key={`${m.timestamp}-${i}`} own={m.isFromSupport}>
                  {m.message}
                </ChatBubble>
              ))}
            </ol>
            <form onSubmit={submit} className="flex gap-2 border-t border-line p-3">
              <label htmlFor="support-reply" className="sr-only">
                Reply as support
              </label>
              <input
                id="support-reply"
                value={draft}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="Reply as support…"
                className="h-11 flex-1 rounded-xl border border-line bg-bg px-3 text-sm"
              />
              <Button
                type="submit"
                disabled={!draft.trim() || reply.isPending}
                aria-label="Send reply"
              >
                <Send aria-hidden className="h-4 w-4" /> Send
              </Button>
            </form>
            {reply.isError && (
              <p className="px-3 pb-3 text-sm text-danger">
                Could not send the reply. Please try again.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
