import { z } from 'zod';
import { chatMessageResponse, chatSessionResponse } from '../../../shared/schemas/chat';
import { successResponse } from '../../../shared/schemas/http';
import { chatSessionId, chatText } from '../../../shared/socket-messages';
import { published } from '../../events/publish';
import { HttpError } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import {
  chatHistory,
  closeAsSpam,
  listChatSessions,
  markSessionRead,
  recordSupportMessage,
} from './service';

const sessionParams = z.object({ sessionId: chatSessionId });
const inboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(500).optional(),
});
const replyBody = z.object({ message: chatText });

/** The dealer's support inbox over REST; live updates arrive on /ws. */
export async function chatInboxRoutes(app: ApiApp): Promise<void> {
  const sessions = {
    config: { staffOnly: true, permission: 'support' as const },
    schema: { querystring: inboxQuery, response: { 200: z.array(chatSessionResponse) } },
  };
  // The body stays the list it always was; the next page is named in a Link header (RFC 8288).
  app.get('/api/chat/sessions', sessions, async (request, reply) => {
    const page = await listChatSessions(app.db.kysely, request.query);
    if (page.nextCursor) {
      const next = new URLSearchParams({ cursor: page.nextCursor });
      if (request.query.limit) next.set('limit', String(request.query.limit));
      reply.header('link', `</api/chat/sessions?${next}>; rel="next"`);
    }
    return page.sessions;
  });

  const history = {
    config: { staffOnly: true, permission: 'support' as const },
    schema: { params: sessionParams, response: { 200: z.array(chatMessageResponse) } },
  };
  app.get('/api/chat/sessions/:sessionId/messages', history, async (request) =>
    chatHistory(app.db.kysely, request.params.sessionId),
  );

  const support = { permission: 'support', auditedByService: true } as const;
  const readSchema = { params: sessionParams, response: { 200: successResponse } };
  app.post(
    '/api/chat/sessions/:sessionId/read',
    { config: support, schema: readSchema },
    async (request) => {
      await markSessionRead(app.db, request.params.sessionId, actorOf(request));
      return { success: true };
    },
  );

  app.post(
    '/api/chat/sessions/:sessionId/spam',
    { config: support, schema: readSchema },
    async (request) => {
      if (!(await closeAsSpam(app.db, request.params.sessionId, actorOf(request))))
        throw new HttpError(404, { error: 'Unknown chat session', code: 'NOT_FOUND' });
      return { success: true };
    },
  );

  const replySchema = {
    params: sessionParams,
    body: replyBody,
    response: { 200: chatMessageResponse },
  };
  app.post(
    '/api/chat/sessions/:sessionId/reply',
    { config: support, schema: replySchema },
    async (request) => {
      const { sessionId } = request.params;
      const { message } = request.body;
      const saved = published(
        app,
        await recordSupportMessage(app.db, { sessionId, message }, actorOf(request)),
      );
      if (!saved)
        throw new HttpError(409, {
          error: 'Duplicate message or unknown chat session',
          code: 'CHAT_REPLY_REFUSED',
        });
      return saved;
    },
  );
}
