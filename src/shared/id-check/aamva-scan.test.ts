import { describe, expect, it } from 'vitest';
import { californiaLicence } from '../../../test/aamva-fixture';
import { scanPdf417 } from '../../../test/pdf417-scan';
import { pdf417Pixels } from '../../../test/pdf417-symbol';
import { parseAamva } from './aamva';

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
