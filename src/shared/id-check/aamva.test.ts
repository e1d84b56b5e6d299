import { describe, expect, it } from 'vitest';
import {
  californiaLicence,
  canadianDate,
  licenceElements,
  oneSubfileText,
  type Person,
  usDate,
} from '../../../test/aamva-fixture';
import { aamvaDate, parseAamva } from './aamva';
import { checkId } from './rule';

const TODAY = '2026-03-14';

function parsed(text: string) {
  const result = parseAamva(text);
  if (!result.ok) throw new Error(`expected a licence, got: ${result.reason}`);
  return result.id;
}

const reasonFor = (text: string) => {
  const result = parseAamva(text);
  return result.ok ? 'parsed' : result.reason;
};

describe('a current California licence (AAMVA version 10)', () => {
  const jane: Person = { dateOfBirth: '2005-06-15', expiry: '2029-06-15' };

  it('reads the number, names, dates and state', () => {
    expect(parsed(californiaLicence(jane))).toEqual({
      idNumber: 'D1234567',
      dateOfBirth: '2005-06-15',
      expiry: '2029-06-15',
      firstName: 'JANE',
      lastName: 'DOE',
      middleName: 'MARIE',
      state: 'CA',
    });
  });

  it('a customer who is 20 fails the door check', () => {
    const id = parsed(californiaLicence({ ...jane, dateOfBirth: '2005-03-15' }));
    const result = checkId(id, { today: TODAY, customerName: 'Jane Doe' });
    expect(result).toMatchObject({ pass: false, age: 20, reasons: ['Under 21 (age 20)'] });
  });

  it('a customer who turns 21 today passes', () => {
    const id = parsed(californiaLicence({ ...jane, dateOfBirth: '2005-03-14' }));
    expect(id.dateOfBirth).toBe('2005-03-14');
    expect(checkId(id, { today: TODAY, customerName: 'jane m. doe' })).toMatchObject({
      pass: true,
      age: 21,
      reasons: [],
    });
  });

  it('an expired licence fails, one expiring today passes', () => {
    const expired = parsed(
      californiaLicence({ ...jane, dateOfBirth: '1990-01-01', expiry: '2026-03-13' }),
    );
    expect(checkId(expired, { today: TODAY, customerName: 'Jane Doe' })).toMatchObject({
      pass: false,
      checks: { ofAge: true, notExpired: false, nameMatches: true },
      reasons: ['ID expired on 2026-03-13'],
    });
    const lastDay = parsed(
      californiaLicence({ ...jane, expiry: TODAY, dateOfBirth: '1990-01-01' }),
    );
    expect(checkId(lastDay, { today: TODAY, customerName: 'Jane Doe' }).pass).toBe(true);
  });

  it('leaves out a middle name the licence says is NONE', () => {
    const id = parsed(californiaLicence({ ...jane, middleName: 'NONE' }));
    expect(id).not.toHaveProperty('middleName');
  });
});

describe('other layouts', () => {
  it('a Canadian licence writes its dates CCYYMMDD', () => {
    const text = oneSubfileText(
      licenceElements({
        idNumber: 'D6101-40706-60905',
        firstName: 'JEAN',
        middleName: 'NONE',
        lastName: 'TREMBLAY',
        dateOfBirth: '1996-11-04',
        expiry: '2027-11-04',
        state: 'ON',
        country: 'CAN',
      }),
      { iin: '636012', version: 8 },
    );
    expect(text).toContain('DBB19961104\n');
    expect(parsed(text)).toEqual({
      idNumber: 'D6101-40706-60905',
      dateOfBirth: '1996-11-04',
      expiry: '2027-11-04',
      firstName: 'JEAN',
      lastName: 'TREMBLAY',
      state: 'ON',
    });
  });

  it('a version 01 file has no jurisdiction version and names the holder in DAA', () => {
    const text = oneSubfileText(
      [
        ['DAQ', '12345678'],
        ['DAA', 'GARCIA,JOSE,LUIS'],
        ['DAG', '100 ELM ST'],
        ['DAJ', 'TX'],
        ['DBA', canadianDate('2027-08-31')],
        ['DBB', canadianDate('1980-08-31')],
      ],
      { iin: '636015', version: 1 },
    );
    expect(text.slice(4, 19)).toBe('ANSI 6360150101');
    expect(parsed(text)).toEqual({
      idNumber: '12345678',
      dateOfBirth: '1980-08-31',
      expiry: '2027-08-31',
      firstName: 'JOSE',
      lastName: 'GARCIA',
      middleName: 'LUIS',
      state: 'TX',
    });
  });

  it('versions 02-03 put first and middle names together in DCT', () => {
    const withGiven = (given: string) =>
      oneSubfileText(
        [
          ['DAQ', 'A7654321'],
          ['DCS', 'SMITH'],
          ['DCT', given],
          ['DBA', usDate('2028-01-01')],
          ['DBB', usDate('1970-12-25')],
        ],
        { version: 3 },
      );
    expect(parsed(withGiven('ANNA,BETH'))).toMatchObject({ firstName: 'ANNA', middleName: 'BETH' });
    expect(parsed(withGiven('ANNA BETH'))).toMatchObject({ firstName: 'ANNA', middleName: 'BETH' });
    expect(parsed(withGiven('ANNA'))).toMatchObject({ firstName: 'ANNA', lastName: 'SMITH' });
  });

  it('reads an ID card whose subfile is "ID"', () => {
    const card = licenceElements({ dateOfBirth: '2000-01-01', expiry: '2030-01-01' });
    const text = oneSubfileText(card, { type: 'ID' });
    expect(parsed(text).dateOfBirth).toBe('2000-01-01');
  });
});

describe('tolerance of real scanners and issuers', () => {
  const text = californiaLicence({ dateOfBirth: '2001-07-04', expiry: '2028-07-04' });
  const expected = parsed(text);

  it('scans the lines when the offsets are wrong', () => {
    const wrongOffsets = text.replace(/DL(\d{4})(\d{4})/, 'DL0003$2');
    expect(wrongOffsets).not.toBe(text);
    expect(parsed(wrongOffsets)).toEqual(expected);
  });

  it('reads elements a too-short subfile length cuts off', () => {
    const shortLength = text.replace(/DL(\d{4})\d{4}/, 'DL$10020');
    expect(shortLength).not.toBe(text);
    expect(parsed(shortLength)).toEqual(expected);
  });

  it('reads text whose control characters the scanner dropped or whose lines end CRLF', () => {
    expect(parsed(text.replace('@\n\x1e\r', ''))).toEqual(expected);
    expect(parsed(text.replaceAll('\n', '\r\n'))).toEqual(expected);
  });

  it('ignores the padding some issuers put after values', () => {
    expect(parsed(text.replace('DCSDOE', 'DCSDOE    ')).lastName).toBe('DOE');
  });

  it('keeps the DL subfile even when the header miscounts its subfiles', () => {
    expect(parsed(text.replace('ANSI 636014100002', 'ANSI 636014100009'))).toEqual(expected);
  });
});

describe('malformed input', () => {
  const good = californiaLicence({ dateOfBirth: '2001-07-04', expiry: '2028-07-04' });

  it('refuses text that is not an AAMVA barcode', () => {
    expect(reasonFor('')).toBe('Not an AAMVA driver licence or ID barcode');
    expect(reasonFor('https://example.com/menu?ref=flyer')).toBe(
      'Not an AAMVA driver licence or ID barcode',
    );
    expect(reasonFor('DAQD1234567\nDBB07042001\nDCSDOE')).toBe(
      'Not an AAMVA driver licence or ID barcode',
    );
  });

  it('refuses a truncated scan', () => {
    expect(reasonFor(good.slice(0, 21))).toBe(
      'No licence data after the barcode header (truncated?)',
    );
    const cutBeforeBirthDate = good.slice(0, good.indexOf('DBB'));
    expect(reasonFor(cutBeforeBirthDate)).toBe('Missing date of birth (DBB)');
  });

  it('names the missing or broken element', () => {
    expect(reasonFor(good.replace(/DBB\d+\n/, ''))).toBe('Missing date of birth (DBB)');
    expect(reasonFor(good.replace('DBB07042001', 'DBB13042001'))).toBe(
      'Invalid date of birth (DBB "13042001")',
    );
    expect(reasonFor(good.replace('DBB07042001', 'DBB02302001'))).toBe(
      'Invalid date of birth (DBB "02302001")',
    );
    expect(reasonFor(good.replace(/DBA\d+/, 'DBA2028'))).toBe('Invalid expiry date (DBA "2028")');
    expect(reasonFor(good.replace(/DAQ\w+/, 'DAQ'))).toBe('Missing ID number (DAQ)');
    expect(reasonFor(good.replace('DCSDOE', 'DCSNONE'))).toBe('Missing last name (DCS)');
  });
});

describe('AAMVA dates', () => {
  it('reads MMDDCCYY in the US and CCYYMMDD in Canada, and each in the other as a fallback', () => {
    expect(aamvaDate('02292024', false)).toBe('2024-02-29');
    expect(aamvaDate('20240229', true)).toBe('2024-02-29');
    expect(aamvaDate('20240229', false)).toBe('2024-02-29');
    expect(aamvaDate('02292024', true)).toBe('2024-02-29');
  });

  it('refuses days that do not exist', () => {
    expect(aamvaDate('02292023', false)).toBeNull();
    expect(aamvaDate('13012001', false)).toBeNull();
    expect(aamvaDate('00012001', false)).toBeNull();
    expect(aamvaDate('2001011', false)).toBeNull();
    expect(aamvaDate('0101200A', false)).toBeNull();
  });
});
