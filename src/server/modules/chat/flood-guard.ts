import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { shopperAndAddressBudget } from '../../limits/budget';
import type { Counters } from '../../limits/counters';
import { chatSessionExists } from './service';

const MINUTE = 60_000;
export const CHAT_SLOW_DOWN = 'Slow down: please wait a few seconds before sending more.';

/**
 * How many chat messages, and new chat sessions, one shopper cookie and one client address may
 * send (CHAT_RATE_LIMIT, CHAT_SESSION_LIMIT): a burst, then a steady rate.
 */
export function createChatFloodGuard(
  counters: Counters,
  config: Pick<Config, 'CHAT_RATE_LIMIT' | 'CHAT_SESSION_LIMIT'>,
) {
  const messages = shopperAndAddressBudget(
    counters,
    'chat-message',
    config.CHAT_RATE_LIMIT,
    10 * MINUTE,
  );
  const sessions = shopperAndAddressBudget(
    counters,
    'chat-session',
    config.CHAT_SESSION_LIMIT,
    60 * MINUTE,
  );
  return {
    /** 0 when the message may be stored, else the seconds to wait before sending again */
    async admit(
      db: Kysely<Database>,
      message: { sessionId: string; shopperId: string | null; ip: string },
    ): Promise<number> {
      const { shopperId, ip } = message;
      if (!(await chatSessionExists(db, message.sessionId))) {
        const wait = await sessions.take(shopperId, ip);
        if (wait) return wait;
      }
      return messages.take(shopperId, ip);
    },
  };
}
