import { useQueryClient } from '@tanstack/react-query';
import { chatKeys, useChatSessions } from '@web/api/get-chat-sessions';
import { useContactMessages } from '@web/api/get-contact-messages';
import { CountBadge } from '@web/components/ui/count-badge';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { askNotificationPermission, notify } from '@web/features/chat/notify';
import { withRealtime } from '@web/lib/realtime-connection';
import { Inbox } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ChatConversations } from './chat-conversations';
import { ContactMessagesList } from './contact-messages-list';

const HEADING: PanelHeading = {
  title: 'Support Inbox',
  description: 'Live chats (unread first) and contact-form messages, newest first.',
  icon: <Inbox aria-hidden="true" className="h-5 w-5" />,
};

type InboxTab = 'chat' | 'contact';

/** Notifies the dealer of what shoppers send and keeps the chat lists fresh. */
function useInboxNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    askNotificationPermission();
    let unmounted = false;
    let unsubscribe: (() => void) | undefined;
    // messages arriving before the subscription would be missed: connect now, not when idle
    withRealtime((client) => {
      if (unmounted) return;
      unsubscribe = client.subscribe((message) => {
        if (message.type === 'new-chat-message') {
          notify('New Message', message.data.message);
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        } else if (message.type === 'support-response') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        } else if (message.type === 'new-customer-contact') {
          notify('Customer Contact Info', `${message.data.name} · ${message.data.phone}`);
          void queryClient.invalidateQueries({ queryKey: chatKeys.sessions });
        }
      });
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [queryClient]);
}

/**
 * The dealer's support inbox: live chats and contact-form messages, each with
 * what is still waiting for an answer.
 */
export function SupportInboxPanel({ id = 'support-inbox' }: { id?: string }) {
  useInboxNotifications();
  const sessions = useChatSessions();
  const contacts = useContactMessages();
  const [tab, setTab] = useState<InboxTab>('chat');
  const [selected, setSelected] = useState<string | null>(null);

  const unreadChats = sessions.data?.reduce((sum, s) => sum + s.unreadCount, 0) ?? 0;
  const newContacts = contacts.data?.filter((m) => m.handledAt === null).length ?? 0;
  const chatSessionIds = useMemo(
    () => new Set(sessions.data?.map((s) => s.sessionId)),
    [sessions.data],
  );
  const openChat = (sessionId: string) => {
    setSelected(sessionId);
    setTab('chat');
  };

  return (
    <Panel id={id} {...HEADING}>
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-4">
        <TabList aria-label="Support inbox" className="sm:self-start">
          <Tab value="chat" className="sm:flex-none">
            Live Chat
            <CountBadge active={unreadChats > 0}>
              {unreadChats}
              <span className="sr-only"> unread</span>
            </CountBadge>
          </Tab>
          <Tab value="contact" className="sm:flex-none">
            <span>
              Contact<span className="max-sm:sr-only"> Messages</span>
            </span>
            <CountBadge active={newContacts > 0}>
              {newContacts}
              <span className="sr-only"> new</span>
            </CountBadge>
          </Tab>
        </TabList>
        <TabPanel value="chat">
          <ChatConversations
            sessions={sessions.data}
            selected={selected}
            onSelect={setSelected}
            onLoadMore={sessions.hasNextPage ? () => void sessions.fetchNextPage() : undefined}
          />
        </TabPanel>
        <TabPanel value="contact">
          <ContactMessagesList
            messages={contacts.data}
            chatSessionIds={chatSessionIds}
            onOpenChat={openChat}
          />
        </TabPanel>
      </Tabs>
    </Panel>
  );
}
