/**
 * Spec §7's client notices on the real-time channel. The REST call has already made the
 * change and the server has published it to every browser; these tell the channel what
 * this browser did, as the spec's client does (`check-orders` is answered with the orders this
 * browser may see, `fetch-schedule-slots` with the slots; the dealer's notices are only logged).
 */
import type { ClientMessageType } from '@shared/socket-messages';
import { realtime } from './realtime-connection';

export type ChannelNotice = Extract<
  ClientMessageType,
  | 'check-orders'
  | 'fetch-schedule-slots'
  | 'schedule-slot-created'
  | 'schedule-slot-deleted'
  | 'dealer-settings-updated'
>;

export function noticeToChannel(type: ChannelNotice, data?: unknown): void {
  realtime()?.send(type, data);
}
