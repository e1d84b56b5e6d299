import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * Errors on an open socket. A client's bad frame (too large, malformed) is the
 * client's doing: one warn line with its code, no stack. Anything else is ours.
 */
export function onSocketError(
  error: Error & { code?: string },
  socket: WebSocket,
  request: FastifyRequest,
): void {
  if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
    request.log.warn({ code: error.code }, 'oversized websocket frame: socket closed');
  } else if (error.code?.startsWith('WS_ERR_')) {
    request.log.warn({ code: error.code }, 'malformed websocket frame: socket closed');
  } else {
    request.log.error({ err: error }, 'websocket failed');
  }
  socket.terminate();
}
