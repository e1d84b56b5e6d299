import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { staffClient } from '../../../../test/staff';
import type { Promotion } from '../../../shared/schemas/promotions';

interface Message {
  type: string;
  data: { id?: number; promoCode?: string; promotions?: Promotion[] };
}

/** A socket that keeps what it receives and can wait for a message. */
async function listen(url: string, cookie?: string) {
  const socket = new WebSocket(url, { headers: cookie ? { cookie } : {} });
  const received: Message[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()));
    for (const listener of listeners) listener();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = (test: (m: Message) => boolean) =>
    new Promise<Message>((resolve) => {
      const check = () => {
        const found = received.find(test);
        if (found) {
          listeners.delete(check);
          resolve(found);
        }
      };
      listeners.add(check);
      check();
    });
  return { socket, received, next };
}

describe.each(BACKENDS)('13.17 inactive promotions on %s', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let cookie: string;
  let wsUrl: string;
  let hidden: Promotion;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ send, cookie } = await dealerClient(t));
    wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    hidden = (
      await send('POST', '/api/promotions', {
        title: 'Staff only',
        description: 'not yet',
        promoCode: 'SECRET40',
        discountAmount: 40,
        active: false,
      })
    ).json<Promotion>();
  });
  afterAll(() => t.dispose());

  it('13.17 lists inactive promotion codes to the dealer only', async () => {
    const codes = (res: { json: () => Promotion[] }) => res.json().map((p) => p.promoCode);
    expect(codes(await send('GET', '/api/promotions', undefined, true))).not.toContain('SECRET40');
    expect(codes(await send('GET', '/api/promotions', undefined, true))).toContain('BOGO50');
    expect(codes(await send('GET', '/api/promotions'))).toContain('SECRET40');
  });

  it('lists them only to staff with the promotions permission', async () => {
    const codes = (res: { json: () => Promotion[] }) => res.json().map((p) => p.promoCode);
    const owner = { send };
    for (const role of ['driver', 'dispatcher', 'support'] as const) {
      const member = await staffClient({ ...t }, owner, role);
      const listed = codes(await member.send('GET', '/api/promotions'));
      expect(listed, role).not.toContain('SECRET40');
      expect(listed, role).toContain('BOGO50');
    }
  });

  it('13.17 keeps inactive promotions out of a shopper socket, and withdraws one when deactivated', async () => {
    const shopper = await listen(wsUrl);
    const dealer = await listen(wsUrl, cookie);
    const shopperInit = await shopper.next((m) => m.type === 'init');
    const dealerInit = await dealer.next((m) => m.type === 'init');
    expect(shopperInit.data.promotions!.map((p) => p.promoCode)).not.toContain('SECRET40');
    expect(dealerInit.data.promotions!.map((p) => p.promoCode)).toContain('SECRET40');

    const shown = (
      await send('POST', '/api/promotions', {
        title: 'Now',
        description: 'on',
        promoCode: 'NOW5',
        discountAmount: 5,
      })
    ).json<Promotion>();
    await shopper.next((m) => m.type === 'promotion-created' && m.data.id === shown.id);
    await send('PATCH', `/api/promotions/${hidden.id}`, { title: 'Still staff only' });
    await send('PATCH', `/api/promotions/${shown.id}`, { active: false });
    const withdrawn = await shopper.next(
      (m) => m.type === 'promotion-deleted' && m.data.id === shown.id,
    );
    expect(withdrawn.data).toEqual({ id: shown.id });
    await dealer.next((m) => m.type === 'promotion-updated' && m.data.id === shown.id);
    // the update of the hidden one came before, and only the dealer saw it
    expect(shopper.received.some((m) => m.data.promoCode === 'SECRET40')).toBe(false);
    expect(dealer.received.some((m) => m.data.promoCode === 'SECRET40')).toBe(true);
    shopper.socket.close();
    dealer.socket.close();
  });
});
