// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acknowledge, setChatOpen } from '../chat-store';
import ChatWidget from './chat-widget';

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
});
