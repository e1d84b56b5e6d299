import { describe, expect, it } from 'vitest';
import { californiaLicence } from '../../../test/aamva-fixture';
import { scanPdf417 } from '../../../test/pdf417-scan';
import { pdf417Pixels } from '../../../test/pdf417-symbol';
import { parseAamva } from './aamva';
import { checkId } from './rule';

describe('a licence barcode drawn and scanned', () => {
  it('parses what a PDF417 reader returns from the symbol', () => {
    const printed = californiaLicence({
      idNumber: 'Y4410582',
      firstName: 'MARIA',
      middleName: 'ELENA',
      lastName: 'NUNEZ-RIVERA',
      dateOfBirth: '1999-02-28',
      expiry: '2030-02-28',
    });
    const scanned = scanPdf417(pdf417Pixels(printed));

    // the header's control characters and the subfile's CR survive the trip
    expect(scanned).toBe(printed);
    expect(parseAamva(scanned)).toEqual({
      ok: true,
      id: {
        idNumber: 'Y4410582',
        dateOfBirth: '1999-02-28',
        expiry: '2030-02-28',
        firstName: 'MARIA',
        lastName: 'NUNEZ-RIVERA',
        middleName: 'ELENA',
        state: 'CA',
      },
    });
  });
});

/** A licence barcode as the camera would read it, then the rule at the door on 25 Nov 2026. */
function verdictFromBarcode(text: string) {
  const parsed = parseAamva(scanPdf417(pdf417Pixels(text)));
  if (!parsed.ok) return parsed;
  return {
    ok: true as const,
    result: checkId(parsed.id, { today: '2026-11-25', customerName: 'Jamie Rivera' }),
  };
}

const jamie = (dateOfBirth: string, expiry = '2029-01-31') =>
  californiaLicence({ firstName: 'JAMIE', lastName: 'RIVERA', dateOfBirth, expiry });

describe('the door rule on scanned licences', () => {
  it('passes someone who turns 21 today', () => {
    expect(verdictFromBarcode(jamie('2005-11-25'))).toMatchObject({
      ok: true,
      result: { pass: true, age: 21, reasons: [] },
    });
  });

  it('fails someone who turns 21 tomorrow', () => {
    expect(verdictFromBarcode(jamie('2005-11-26'))).toMatchObject({
      ok: true,
      result: { pass: false, age: 20, reasons: ['Under 21 (age 20)'] },
    });
  });

  it('fails a licence that expired yesterday, and passes one that expires today', () => {
    expect(verdictFromBarcode(jamie('1990-05-01', '2026-11-24'))).toMatchObject({
      ok: true,
      result: { pass: false, reasons: ['ID expired on 2026-11-24'] },
    });
    expect(verdictFromBarcode(jamie('1990-05-01', '2026-11-25'))).toMatchObject({
      ok: true,
      result: { pass: true },
    });
  });

  it('names what is wrong with a malformed barcode instead of guessing', () => {
    const noBirthDate = jamie('1990-05-01').replace(/DBB\d{8}\n/, '');
    expect(verdictFromBarcode(noBirthDate)).toEqual({
      ok: false,
      reason: 'Missing date of birth (DBB)',
    });
    const badBirthDate = jamie('1990-05-01').replace(/DBB\d{8}/, 'DBB13451990');
    expect(verdictFromBarcode(badBirthDate)).toEqual({
      ok: false,
      reason: 'Invalid date of birth (DBB "13451990")',
    });
    expect(verdictFromBarcode('https://example.com/not-a-licence')).toEqual({
      ok: false,
      reason: 'Not an AAMVA driver licence or ID barcode',
    });
  });
});
