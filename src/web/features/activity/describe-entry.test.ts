import type { AuditEntry } from '@shared/audit';
import { describe, expect, it } from 'vitest';
import { describeEntry } from './describe-entry';

const entry = (action: string, entity: string, entityId: string | null): AuditEntry => ({
  id: 1,
  at: '2026-11-27T10:00:00.000Z',
  staffId: 1,
  staffUsername: 'owner',
  staffRole: 'owner',
  action,
  entity,
  entityId,
  changes: {},
  address: '127.0.0.1',
});

describe('an Activity entry in words', () => {
  it('reads "{What} #{id} {action}", without an id when the entry has none', () => {
    expect(describeEntry(entry('changed', 'products', '3'))).toBe('Product #3 changed');
    expect(describeEntry(entry('password reset', 'users', '4'))).toBe(
      'Staff member #4 password reset',
    );
    expect(describeEntry(entry('marked handled', 'contact_messages', '9'))).toBe(
      'Contact message #9 marked handled',
    );
    expect(describeEntry(entry('uploaded', 'media', null))).toBe('Media uploaded');
  });

  it('keeps the sign-in texts', () => {
    expect(describeEntry(entry('login', 'session', '4'))).toBe('Signed in');
    expect(describeEntry(entry('login failed', 'session', null))).toBe('Failed sign-in');
  });

  it('reads the entries that still name a request by its method as created, changed, deleted', () => {
    expect(describeEntry(entry('PATCH /api/orders/:id/status', 'orders', '12'))).toBe(
      'Order #12 changed',
    );
    expect(describeEntry(entry('POST /api/products', 'products', '5'))).toBe('Product #5 created');
    expect(describeEntry(entry('DELETE /api/orders/:id', 'orders', '12'))).toBe(
      'Order #12 deleted',
    );
  });
});
