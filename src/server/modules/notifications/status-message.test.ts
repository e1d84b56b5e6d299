import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../../../test/fake-messaging';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import type { Order } from '../../../shared/schemas/orders';
import { loadConfig } from '../../config';
import { emailNotifier, smsNumber, statusNotifiersFrom } from './sender';
import { isNewsToShopper, statusMessage } from './service';

const order = (overrides: Partial<Order> = {}) =>
  ({
    id: 7,
    customer: 'Jamie Rivera',
    address: '12 Elm Street',
    phone: '415 555 0123',
    email: 'jamie@example.com',
    orderType: 'delivery',
    items: [{ id: 1, name: 'Blue Dream', quantity: '1/4 Oz', price: 80, count: 1 }],
    statusToken: 'AAAAAAAAAAAAAAAAAAAAAA',
    driver: null,
    returnReason: null,
    ...overrides,
  }) as Order;

const shop = { shopName: 'Green Door', publicUrl: 'https://shop.example' };

describe('the status message', () => {
  it.each<[OrderStatus, Partial<Order>, string]>([
    ['accepted', {}, 'Green Door: your order #7 is now accepted.'],
    ['packed', {}, 'Green Door: your order #7 is now packed.'],
    ['ready', { orderType: 'pickup' }, 'Green Door: your order #7 is now ready for pickup.'],
    ['on the way', {}, 'Green Door: your order #7 is now out for delivery.'],
    [
      'on the way',
      { driver: { id: 3, firstName: 'Alex' } },
      'Green Door: your order #7 is now out for delivery. Alex is bringing it. Have your ID ready.',
    ],
    ['on the way', { orderType: 'pickup' }, 'Green Door: your order #7 is now on the way.'],
    ['completed', {}, 'Green Door: your order #7 is now delivered.'],
    ['completed', { orderType: 'pickup' }, 'Green Door: your order #7 is now picked up.'],
    [
      'returned',
      { returnReason: 'id-failed' },
      'Green Door: your order #7 is now returned. Reason: ID check failed.',
    ],
    ['cancelled', {}, 'Green Door: your order #7 is now cancelled.'],
  ])('%s (%j)', (status, overrides, text) => {
    const message = statusMessage(order(overrides), status, shop);
    expect(message.text).toBe(`${text} Status: https://shop.example/o/AAAAAAAAAAAAAAAAAAAAAA`);
    for (const secret of ['12 Elm Street', 'Blue Dream', 'Rivera', '555']) {
      expect(message.text).not.toContain(secret);
      expect(message.subject).not.toContain(secret);
    }
  });

  it('has a subject with the status page’s label, and no link without PUBLIC_URL', () => {
    expect(statusMessage(order(), 'on the way', { shopName: 'Green Door' })).toEqual({
      subject: 'Green Door order #7: Out for delivery',
      text: 'Green Door: your order #7 is now out for delivery.',
    });
    expect(statusMessage(order(), 'accepted', { shopName: ' ' })).toEqual({
      subject: 'Order #7: Accepted',
      text: 'Your order #7 is now accepted.',
    });
  });

  it('is news for every step after placing the order', () => {
    expect(isNewsToShopper('pending')).toBe(false);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'pending'))
      expect(isNewsToShopper(status)).toBe(true);
  });
});

describe('senders', () => {
  it.each([
    ['(415) 555-0123', '+14155550123'],
    ['1-415-555-0123', '+14155550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['555-0123', null],
    ['+1 23', null],
  ])('texts %s as %s', (phone, number) => {
    expect(smsNumber(phone)).toBe(number);
  });

  const configured = (env: Record<string, string>) =>
    statusNotifiersFrom(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'canopy-notify-')), ...env }),
    ).map((n) => n.channel);
  const sms = { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'token', SMS_FROM: '+15550001111' };
  const email = { SMTP_URL: 'smtp://mail.example:587', SMTP_FROM: 'orders@shop.example' };

  it('are chosen by the environment, and there are none without it', () => {
    expect(configured({})).toEqual([]);
    expect(configured(sms)).toEqual(['sms']);
    expect(configured(email)).toEqual(['email']);
    expect(configured({ ...sms, ...email })).toEqual(['sms', 'email']);
  });

  it('reach only the addresses an order gives', () => {
    const [text, mail] = statusNotifiersFrom(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'canopy-notify-')),
        ...sms,
        ...email,
      }),
    );
    expect(text!.addressOf({ phone: '415.555.0123', email: null })).toBe('+14155550123');
    expect(mail!.addressOf({ phone: '415.555.0123', email: null })).toBeNull();
    expect(mail!.addressOf({ phone: '', email: 'jamie@example.com' })).toBe('jamie@example.com');
  });

  const textsTo = (phone: string, env: Record<string, string> = {}) =>
    statusNotifiersFrom(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'canopy-notify-')), ...sms, ...env }),
    )[0]!.addressOf({ phone, email: null });

  it('text only the country codes the shop allows (SMS_ALLOWED_COUNTRY_CODES, 1 by default)', () => {
    expect(textsTo('(415) 555-0123')).toBe('+14155550123');
    expect(textsTo('+44 20 7946 0958')).toBeNull();
    expect(textsTo('+882 1234 5678')).toBeNull();
    const both = { SMS_ALLOWED_COUNTRY_CODES: '1, +44' };
    expect(textsTo('+44 20 7946 0958', both)).toBe('+442079460958');
    expect(textsTo('+49 30 1234567', both)).toBeNull();
    expect(() => textsTo('', { SMS_ALLOWED_COUNTRY_CODES: 'US' })).toThrow(
      'Invalid configuration: SMS_ALLOWED_COUNTRY_CODES must be country calling codes separated by commas, such as 1 or 1,44 (got "US")',
    );
  });

  it('smtp:// requires STARTTLS before it logs in, unless the URL says ?tls=off', async () => {
    // a server that offers no STARTTLS: what a man in the middle who strips it looks like
    const smtp = await startFakeSmtpServer({ username: 'shop', password: 'mail-pass' });
    try {
      const base = `smtp://shop:mail-pass@127.0.0.1:${smtp.port}`;
      const message = { subject: 'Order #1', text: 'Accepted' };
      const strict = emailNotifier({ url: base, from: 'orders@shop.example' });
      await expect(strict.send('jamie@example.com', message)).rejects.toThrow(
        'SMTP sending failed (ETLS',
      );
      expect(smtp.logins).toEqual([]);
      const relay = emailNotifier({ url: `${base}?tls=off`, from: 'orders@shop.example' });
      await relay.send('jamie@example.com', message);
      expect(smtp.received.map((m) => m.to)).toEqual([['jamie@example.com']]);
      expect(() =>
        loadConfig({
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'canopy-notify-')),
          SMTP_URL: `${base}?tls=no`,
          SMTP_FROM: 'orders@shop.example',
        }),
      ).toThrow('Invalid configuration: SMTP_URL may only say ?tls=off');
    } finally {
      await smtp.close();
    }
  });
});
