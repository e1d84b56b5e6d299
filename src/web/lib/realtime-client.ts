/**
 * The browser end of /ws (spec §4 "Real-time connection", §7): connects, asks
 * for fresh products on open and, once `init` names the chat session the
 * server issued, for that session's history (again after 500 ms),
 * reconnects every 3 s after a close, and reconnects when asked to send while
 * disconnected. Messages are handed to listeners; it keeps no state of its own.
 */

import { TIMERS } from '@shared/constants';
import type { ServerMessage } from '@shared/events';
import type { ClientMessageMap, ClientMessageType } from '@shared/socket-messages';

type Listener = (message: ServerMessage) => void;

/** A message whose payload the server does not read may be sent without one. */
type Payload<K extends ClientMessageType> = unknown extends ClientMessageMap[K]
  ? [data?: ClientMessageMap[K]]
  : [data: ClientMessageMap[K]];

export interface RealtimeClient {
  send<K extends ClientMessageType>(type: K, ...data: Payload<K>): void;
  subscribe(listener: Listener): () => void;
  close(): void;
}

export function createRealtimeClient(options: {
  /** told the chat session of each new connection, before any other listener hears its init */
  onChatSession: (sessionId: string) => void;
}): RealtimeClient {
  const listeners = new Set<Listener>();
  const outbox: string[] = [];
  let socket: WebSocket | null = null;
  let closedByUs = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let awaitingInit = false;

  const url = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;

  function connect() {
    if (closedByUs || (socket && socket.readyState <= WebSocket.OPEN)) return;
    clearTimeout(reconnectTimer);
    socket = new WebSocket(url());
    socket.addEventListener('open', onOpen);
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', () => {
      socket = null;
      if (!closedByUs) reconnectTimer = setTimeout(connect, TIMERS.reconnectMs);
    });
    socket.addEventListener('error', () => console.warn('real-time connection error'));
  }

  function onOpen() {
    awaitingInit = true;
    rawSend({ type: 'sync-products' });
    for (const payload of outbox.splice(0)) socket?.send(payload);
  }

  function restoreChat(sessionId: string) {
    options.onChatSession(sessionId);
    // spec §7: restore-session asks for the history; session-restored repeats it once
    rawSend({ type: 'restore-session', data: { sessionId } });
    setTimeout(
      () => rawSend({ type: 'session-restored', data: { sessionId } }),
      TIMERS.sessionResendMs,
    );
  }

  function onMessage(event: MessageEvent) {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch (error) {
      console.warn('unparseable real-time message ignored', error);
      return;
    }
    if (message.type === 'init' && awaitingInit) {
      awaitingInit = false;
      restoreChat(message.data.sessionId);
    }
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        console.error('real-time listener failed', error);
      }
    }
  }

  function rawSend(message: unknown) {
    const payload = JSON.stringify(message);
    if (socket?.readyState === WebSocket.OPEN) socket.send(payload);
    else {
      outbox.push(payload);
      connect();
    }
  }

  connect();
  return {
    send: (type, ...[data]) => rawSend(data === undefined ? { type } : { type, data }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closedByUs = true;
      clearTimeout(reconnectTimer);
      socket?.close();
    },
  };
}
