import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { unreportedCount } from './repo';
import { overdueCount } from './reporting';

/** Sales not yet in the state's track-and-trace system, and those past its reporting deadline. */
export function metrcMetrics(app: FastifyInstance, registers: Registry[]): void {
  new Gauge({
    name: 'canopy_metrc_unreported',
    help: 'Metrc reports not yet accepted (state: all, overdue past the reporting deadline)',
    labelNames: ['state'],
    registers,
    async collect() {
      this.set({ state: 'all' }, await unreportedCount(app.db.kysely));
      this.set(
        { state: 'overdue' },
        await overdueCount(app.db.kysely, app.clock(), app.config.SHOP_TIMEZONE),
      );
    },
  });
}
