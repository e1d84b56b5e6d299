// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, appendLine, chatStore, restoreHistory, setChatOpen } from '../chat-store';
import { ChatHeaderButton } from './chat-header-button';
import ChatWidget from './chat-widget';
import '../../../../../test/render';

const reply = (message: string, timestamp: string) => ({ message, timestamp, fromSupport: true });

beforeEach(() => {
  localStorage.clear();
  chatStore.set(() => ({ lines: [], unread: 0, open: false, notice: null }));
});

describe('chat widget', () => {
  it('shows "Slow down" while the server refuses the shopper\'s messages, until one is accepted', () => {
    render(<ChatWidget />);
    act(() => setChatOpen(true));
    const slowDown = 'Slow down: please wait a few seconds before sending more.';
    act(() => acknowledge({ ok: false, error: slowDown }));
    expect(screen.getByRole('status').textContent).toBe(slowDown);
    act(() => acknowledge({ ok: true }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts replies that arrive while the chat is closed on every launcher, until it opens', () => {
    render(
      <>
        <ChatHeaderButton className="" />
        <ChatWidget />
      </>,
    );
    act(() => appendLine(reply('We have it in stock.', '2026-11-27T10:00:00.000Z')));
    act(() => appendLine(reply('Anything else?', '2026-11-27T10:00:05.000Z')));
    const launchers = screen.getAllByRole('button', { name: 'Open live chat, 2 new' });
    expect(launchers).toHaveLength(2);
    expect(screen.getAllByTestId('chat-unread').map((badge) => badge.textContent)).toEqual([
      '2',
      '2',
    ]);
    act(() => setChatOpen(true));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    act(() => setChatOpen(false));
    expect(screen.getAllByRole('button', { name: 'Open live chat' })).toHaveLength(2);
  });

  it('after a reload, counts the replies the shopper has not seen yet', () => {
    const seen = reply('Hello!', '2026-11-27T10:00:00.000Z');
    act(() => restoreHistory([{ ...seen, sessionId: 's', isFromSupport: true }]));
    act(() => setChatOpen(true));
    act(() => setChatOpen(false));
    // the page reloads while a reply arrives: the server hands back the whole conversation
    chatStore.set(() => ({ lines: [], unread: 0, open: false, notice: null }));
    render(<ChatWidget />);
    act(() =>
      restoreHistory([
        { ...seen, sessionId: 's', isFromSupport: true },
        { message: 'Thanks', timestamp: '2026-11-27T10:01:00.000Z', sessionId: 's' },
        {
          message: 'Your driver is on the way.',
          timestamp: '2026-11-27T10:02:00.000Z',
          sessionId: 's',
          isFromSupport: true,
        },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Open live chat, 1 new' })).toBeTruthy();
  });
});
