import type { WebSocket } from 'ws';
import { EVENT_POLICY } from '../../shared/event-policy';
import type { ServerMessageMap } from '../../shared/events';
import type { Promotion } from '../../shared/schemas/promotions';
import { can, type Permission, type StaffRole } from '../../shared/staff';
import type { BusEvent } from '../events/bus';

/** The dealer session a socket was opened with. */
export interface SocketStaffSession {
  sessionId: string;
  expiresAt: number;
  /** a change of role ends the session, so the role a socket opened with stays its role */
  role: StaffRole;
  userId: number;
  /** for the audit entries of what the socket changes */
  username: string;
}

export interface Client {
  socket: WebSocket;
  /** null for shoppers, and for a dealer socket once its session ended */
  staff: SocketStaffSession | null;
  shopperId: string | null;
  chatSessionId: string | null;
  alive: boolean;
}

/**
 * Past this many unsent bytes a socket is a reader that stopped reading: it is
 * cut off rather than allowed to hold the server's memory (an init with 2,000
 * products is about 1 MB, so a healthy socket stays far below).
 */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A dealer socket whose session has not reached its end (logout and resets are applied separately). */
export function isStaffNow(client: Client, now = Date.now()): boolean {
  return client.staff !== null && client.staff.expiresAt > now;
}

/** A staff socket, still in its session, whose role has this permission. */
export function staffMay(client: Client, permission: Permission, now = Date.now()): boolean {
  return isStaffNow(client, now) && can(client.staff!.role, permission);
}

/** Who receives a bus event: its audience in the event policy table. */
export function isAudience(client: Client, event: BusEvent, now = Date.now()): boolean {
  switch (EVENT_POLICY[event.type].audience) {
    case 'instances':
      return false;
    case 'order-readers':
      return (
        staffMay(client, 'orders.read', now) ||
        (!!event.shopperId && event.shopperId === client.shopperId) ||
        (staffMay(client, 'deliveries', now) && !!event.driverIds?.includes(client.staff!.userId))
      );
    case 'support':
      return staffMay(client, 'support', now);
    case 'chat-session':
      return (
        staffMay(client, 'support', now) ||
        (!!event.chatSessionId && event.chatSessionId === client.chatSessionId)
      );
    case 'everyone':
      return true;
  }
}

/** An inactive promotion reaches shoppers as deleted: they may have shown it while it was active. */
function shopperView(event: BusEvent, payload: Buffer): Buffer {
  const hidden =
    (event.type === 'promotion-created' || event.type === 'promotion-updated') &&
    !(event.data as Promotion).active;
  if (!hidden) return payload;
  const { id } = event.data as Promotion;
  return Buffer.from(JSON.stringify({ type: 'promotion-deleted', data: { id } }));
}

export interface HubOptions {
  maxBufferedBytes?: number;
  /** told when a socket is cut off for not reading */
  onSlowConsumer?: (client: Client) => void;
}

export function createHub({
  maxBufferedBytes = MAX_BUFFERED_BYTES,
  onSlowConsumer,
}: HubOptions = {}) {
  const clients = new Set<Client>();

  /** Open and keeping up; a socket too far behind is terminated here (a close frame would queue behind the backlog). */
  function writable(client: Client): boolean {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount <= maxBufferedBytes) return true;
    clients.delete(client);
    socket.terminate();
    onSlowConsumer?.(client);
    return false;
  }

  function send<K extends keyof ServerMessageMap>(
    client: Client,
    type: K,
    data: ServerMessageMap[K],
  ) {
    sendRaw(client, JSON.stringify({ type, data }));
  }

  /** Bytes are sent as they are (a text frame): ws would encode a string again for every socket. */
  function sendRaw(client: Client, payload: string | Buffer) {
    if (writable(client)) client.socket.send(payload, { binary: false });
  }

  /**
   * One text message sent as fragments, so a large shared buffer (the product
   * list) goes to each socket without being copied into a message of its own.
   */
  function sendFragments(client: Client, parts: readonly Buffer[]) {
    if (!writable(client)) return;
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
    /**
     * Serialises and encodes once, then hands the same bytes to every socket in the audience;
     * an event no socket is to receive (every order's, with no dealer watching) is not
     * serialised at all.
     */
    deliver(event: BusEvent) {
      if (EVENT_POLICY[event.type].audience === 'instances') return;
      const now = Date.now();
      let payload: Buffer | null = null;
      let shopperPayload: Buffer | null = null;
      for (const client of clients) {
        if (!isAudience(client, event, now)) continue;
        payload ??= Buffer.from(JSON.stringify({ type: event.type, data: event.data }));
        shopperPayload ??= shopperView(event, payload);
        sendRaw(client, isStaffNow(client, now) ? payload : shopperPayload);
      }
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
