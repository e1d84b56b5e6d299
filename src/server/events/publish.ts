import type { FastifyInstance } from 'fastify';
import type { DomainEvent, Outcome } from './bus';

/**
 * The one place events reach the bus (every instance's hub, caches, metrics): services
 * return the events their committed change caused, and their callers hand them here.
 */
export function publish(app: FastifyInstance, events: readonly DomainEvent[]): void {
  for (const { type, data, ...scope } of events) app.events.publish(type, data, scope);
}

/** Publishes an outcome's events and answers its value. */
export function published<T>(app: FastifyInstance, outcome: Outcome<T>): T {
  publish(app, outcome.events);
  return outcome.value;
}
