import type { WebSocket } from 'ws';
import type { ServerMessageMap } from '../../shared/events';
import type { BusEvent } from './events';

export interface Client {
  socket: WebSocket;
  isDealer: boolean;
  shopperId: string | null;
  chatSessionId: string | null;
  alive: boolean;
}

const ORDER_EVENTS = new Set(['order-created', 'order-updated', 'order-deleted']);
const DEALER_EVENTS = new Set(['new-customer-contact']);
const CHAT_EVENTS = new Set(['new-chat-message', 'support-response']);

/** Who receives a bus event: orders stay private, chat stays in its session (and the dealers' inbox). */
export function isAudience(client: Client, event: BusEvent): boolean {
  if (ORDER_EVENTS.has(event.type))
    return client.isDealer || (!!event.shopperId && event.shopperId === client.shopperId);
  if (DEALER_EVENTS.has(event.type)) return client.isDealer;
  if (CHAT_EVENTS.has(event.type))
    return (
      client.isDealer || (!!event.chatSessionId && event.chatSessionId === client.chatSessionId)
    );
  return true;
}

export function createHub() {
  const clients = new Set<Client>();

  function send<K extends keyof ServerMessageMap>(
    client: Client,
    type: K,
    data: ServerMessageMap[K],
  ) {
    sendRaw(client, JSON.stringify({ type, data }));
  }

  /** Bytes are sent as they are (a text frame): ws would encode a string again for every socket. */
  function sendRaw(client: Client, payload: string | Buffer) {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(payload, { binary: false });
  }

  /**
   * One text message sent as fragments, so a large shared buffer (the product
   * list) goes to each socket without being copied into a message of its own.
   */
  function sendFragments(client: Client, parts: readonly Buffer[]) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    parts.forEach((part, i) => {
      client.socket.send(part, { binary: false, fin: i === parts.length - 1 });
    });
  }

  return {
    clients,
    add(client: Client) {
      clients.add(client);
    },
    remove(client: Client) {
      clients.delete(client);
    },
    send,
    /** an already-serialised message */
    sendRaw,
    sendFragments,
    /** Serialises and encodes once, then hands the same bytes to every socket in the audience. */
    deliver(event: BusEvent) {
      const payload = Buffer.from(JSON.stringify({ type: event.type, data: event.data }));
      for (const client of clients) if (isAudience(client, event)) sendRaw(client, payload);
    },
    /** Drops sockets that did not answer the previous ping. */
    heartbeat() {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          clients.delete(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
