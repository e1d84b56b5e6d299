import type { ContactMessageEntry } from '@web/api/get-contact-messages';
import { Button } from '@web/components/ui/button';
import { clsx } from 'clsx';
import { formatDistanceToNow } from 'date-fns';
import { Check, Mail, MessageSquare, Phone, RotateCcw } from 'lucide-react';
import { useSetContactMessageHandled } from '../api/contact-inbox';

/** The contact form's messages, newest first: who, how to reach them, what they asked. */
export function ContactMessagesList({
  messages,
  chatSessionIds,
  onOpenChat,
}: {
  messages: ContactMessageEntry[] | undefined;
  /** conversations the chat list can open */
  chatSessionIds: ReadonlySet<string>;
  onOpenChat: (sessionId: string) => void;
}) {
  const mark = useSetContactMessageHandled();
  if (!messages) return <p className="p-3 text-sm text-muted">Loading messages…</p>;
  if (messages.length === 0)
    return <p className="p-3 text-sm text-muted">No contact messages yet.</p>;
  return (
    <ul className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto" aria-label="Contact messages">
      {messages.map((m) => {
        const handled = m.handledAt !== null;
        return (
          <li
            key={m.id}
            className={clsx(
              'flex flex-col gap-2 rounded-xl border p-3 sm:p-4',
              handled ? 'border-line bg-surface-2/40' : 'border-primary/50 bg-primary/5',
            )}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="flex items-center gap-2 font-semibold">
                {!handled && (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-fg">
                    New
                  </span>
                )}
                {m.name}
              </p>
              <time dateTime={m.createdAt} className="text-xs text-muted">
                {formatDistanceToNow(new Date(m.createdAt), { addSuffix: true })}
              </time>
            </div>
            <p className={clsx('text-sm break-words whitespace-pre-line', handled && 'text-muted')}>
              {m.message || <span className="italic">No message, contact details only.</span>}
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <a
                className="inline-flex min-h-9 items-center gap-1 text-primary underline-offset-2 hover:underline"
                href={`tel:${m.phone}`}
              >
                <Phone aria-hidden className="h-4 w-4" /> {m.phone}
              </a>
              <a
                className="inline-flex min-h-9 min-w-0 items-center gap-1 break-all text-primary underline-offset-2 hover:underline"
                href={`mailto:${m.email}`}
              >
                <Mail aria-hidden className="h-4 w-4 shrink-0" /> {m.email}
              </a>
              <span className="ml-auto flex gap-2">
                {m.chatSessionId && chatSessionIds.has(m.chatSessionId) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onOpenChat(m.chatSessionId as string)}
                  >
                    <MessageSquare aria-hidden className="h-4 w-4" /> Open chat
                  </Button>
                )}
                <Button
                  variant={handled ? 'ghost' : 'outline'}
                  size="sm"
                  disabled={mark.isPending && mark.variables?.id === m.id}
                  onClick={() => mark.mutate({ id: m.id, handled: !handled })}
                  aria-label={`${handled ? 'Mark as new' : 'Mark handled'}: message from ${m.name}`}
                >
                  {handled ? (
                    <>
                      <RotateCcw aria-hidden className="h-4 w-4" /> Mark as new
                    </>
                  ) : (
                    <>
                      <Check aria-hidden className="h-4 w-4" /> Mark handled
                    </>
                  )}
                </Button>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
