import { describe, expect, it } from 'vitest';
import { doorCheckOutcome, doorCheckSchema } from './door-check';
import { checkId } from './rule';

const today = '2026-11-25';
const id = (dateOfBirth: string, firstName = 'Jamie', lastName = 'Rivera') => ({
  dateOfBirth,
  expiry: '2028-01-31',
  firstName,
  lastName,
});

describe('the door check', () => {
  it('passes 21+ with an unexpired ID in the orderer’s name', () => {
    const result = checkId(id('2005-11-25'), { today, customerName: 'Jamie Rivera' });
    expect(doorCheckOutcome(result, false)).toMatchObject({ passed: true, nameConfirmed: false });
  });

  it('fails a customer one day short of 21, whatever the driver confirms', () => {
    const result = checkId(id('2005-11-26'), { today, customerName: 'Jamie Rivera' });
    expect(doorCheckOutcome(result, true)).toMatchObject({
      passed: false,
      reasons: ['Under 21 (age 20)'],
    });
  });

  it('passes a different name only when the driver confirms the person by hand', () => {
    const result = checkId(id('1990-01-01', 'Morgan', 'Lee'), {
      today,
      customerName: 'Jamie Rivera',
    });
    expect(doorCheckOutcome(result, false).passed).toBe(false);
    expect(doorCheckOutcome(result, true)).toMatchObject({ passed: true, nameConfirmed: true });
  });

  it('refuses impossible dates and states before any check runs', () => {
    const parsed = doorCheckSchema.safeParse({
      method: 'manual',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: '2001-02-29',
      expiry: '2028-01-31',
      idNumber: 'D1234567',
      state: 'C4',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'dateOfBirth: must be written YYYY-MM-DD, as the field shows (e.g. 1990-07-04)',
      'state: must be a two-letter state code',
    ]);
  });

  it('asks a licence or state ID for its state, never a passport or a military ID', () => {
    const typed = {
      method: 'manual',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: '1990-02-28',
      expiry: '2028-01-31',
      idNumber: 'X1234567',
    };
    expect(doorCheckSchema.safeParse(typed).error?.issues).toMatchObject([
      { path: ['state'], message: 'is required for this ID' },
    ]);
    expect(doorCheckSchema.parse({ ...typed, idType: 'passport' })).toMatchObject({
      idType: 'passport',
    });
    expect(doorCheckSchema.safeParse({ ...typed, idType: 'military' }).success).toBe(true);
    expect(doorCheckSchema.parse({ ...typed, state: 'NV' })).toMatchObject({ idType: 'licence' });
  });

  it('takes a scan as the barcode text only: its fields come from the server reading it', () => {
    expect(
      doorCheckSchema.safeParse({ method: 'scan', barcode: 'short' }).error?.issues,
    ).toMatchObject([{ path: ['barcode'], message: 'is too short to be a licence barcode' }]);
    const withFields = doorCheckSchema.parse({
      method: 'scan',
      barcode: '@\n\u001e\rANSI 636014100002DL00410278',
      firstName: 'Claimed',
      dateOfBirth: '1980-01-01',
    });
    expect(withFields).toEqual({
      method: 'scan',
      barcode: '@\n\u001e\rANSI 636014100002DL00410278',
    });
  });
});
