import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from '../../http/errors';
import {
  CHAT_SESSION_ID,
  chatHistory,
  listChatSessions,
  markSessionRead,
  recordSupportMessage,
} from './service';

const sessionParams = z.object({
  sessionId: z.string().regex(CHAT_SESSION_ID, 'must be a chat session id'),
});
const replyBody = z.object({
  message: z.string({ message: 'must be text' }).trim().min(1, 'is required').max(1500),
});

/** The dealer's support inbox over REST; live updates arrive on /ws. */
export async function chatInboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/chat/sessions', { config: { dealerOnly: true } }, async () =>
    listChatSessions(app.db.kysely),
  );

  app.get(
    '/api/chat/sessions/:sessionId/messages',
    { config: { dealerOnly: true } },
    async (request) => {
      const { sessionId } = parseInput(sessionParams, request.params);
      return chatHistory(app.db.kysely, sessionId);
    },
  );

  app.post('/api/chat/sessions/:sessionId/read', async (request) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    await markSessionRead(app.db.kysely, sessionId);
    return { success: true };
  });

  app.post('/api/chat/sessions/:sessionId/reply', async (request) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    const { message } = parseInput(replyBody, request.body);
    const saved = await recordSupportMessage(app.db.kysely, { sessionId, message });
    if (!saved) throw new HttpError(409, { error: 'Duplicate message or unknown chat session' });
    app.events.publish('support-response', saved, { chatSessionId: sessionId });
    return saved;
  });
}
