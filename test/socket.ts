import WebSocket from 'ws';

export interface SocketMessage {
  type: string;
  data: unknown;
}

/** Resolves when the socket is open, rejects if it fails first. */
export function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}

/** A real WebSocket client that records messages and can wait for one, and for the close. */
export async function openSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const received: SocketMessage[] = [];
  const waiters: { test: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }[] =
    [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as SocketMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await opened(socket);
  return {
    socket,
    received,
    closed,
    /** resolves with the first message (already received or to come) that passes `test` */
    next(test: (m: SocketMessage) => boolean): Promise<SocketMessage> {
      const found = received.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    send: (message: unknown) => socket.send(JSON.stringify(message)),
  };
}
