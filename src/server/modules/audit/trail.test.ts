import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditTrail } from './trail';

describe('every staff write is recorded by its service', () => {
  it('refuses to build an app with a staff write route that does not say its service audits', async () => {
    const app = Fastify();
    await app.register(auditTrail);
    expect(() => app.post('/api/widgets', async () => ({}))).toThrow(
      'POST /api/widgets changes data for staff: its service must record the change (recordChange) and the route declare config.auditedByService',
    );
    // shoppers' writes and reads are not the back office's changes
    app.post('/api/widgets/order', { config: { public: true } }, async () => ({}));
    app.get('/api/widgets', async () => []);
    app.patch('/api/widgets/:id', { config: { auditedByService: true } }, async () => ({}));
    await app.ready();
    expect(app.printRoutes()).toContain('widgets');
    await app.close();
  });
});
