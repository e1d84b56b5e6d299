import type { FastifyInstance } from 'fastify';
import { type StatusNotifier, statusNotifiersFrom } from './sender';
import { notifyStatusChange, type StatusChange } from './service';

/**
 * Sends shoppers their orders' status changes through the configured senders; with none
 * configured it does nothing. Listens as a forwarder, which hears only the events this
 * instance published itself (after their transaction committed), so with several
 * instances one message goes out per change. Sending never holds up or fails the answer.
 */
export function startStatusNotifications(
  app: FastifyInstance,
  notifiers: StatusNotifier[] = statusNotifiersFrom(app.config),
): () => Promise<void> {
  if (notifiers.length === 0) return async () => {};
  app.log.info({ channels: notifiers.map((n) => n.channel) }, 'order status notifications on');
  // One queue per order, so "ready" never overtakes "accepted" on the way to the shopper.
  const queues = new Map<number, Promise<void>>();
  const removeForwarder = app.events.addForwarder((event) => {
    if (event.type !== 'order-status-changed') return;
    const change = event.data as StatusChange;
    const sending = (queues.get(change.id) ?? Promise.resolve()).then(() =>
      notify(app, notifiers, change),
    );
    queues.set(change.id, sending);
    void sending.then(() => {
      if (queues.get(change.id) === sending) queues.delete(change.id);
    });
  });
  // Messages already on their way may finish (each is bounded by its sender's timeout).
  return async function stop() {
    removeForwarder();
    await Promise.allSettled(queues.values());
  };
}

async function notify(app: FastifyInstance, notifiers: StatusNotifier[], change: StatusChange) {
  const context = { orderId: change.id, status: change.to };
  try {
    const failed = await notifyStatusChange(
      app.db.kysely,
      notifiers,
      change,
      app.config.PUBLIC_URL,
    );
    for (const { channel, error } of failed)
      app.log.warn({ err: error, channel, ...context }, 'order status notification failed');
  } catch (error) {
    app.log.warn({ err: error, ...context }, 'order status notification failed');
  }
}
