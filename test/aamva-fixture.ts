/**
 * Builds the text a scanner decodes from a licence's PDF417 barcode (AAMVA DL/ID Card Design
 * Standard): header, one designator per subfile with its true offset and length, then the
 * subfiles. For tests of src/shared/id-check/aamva.ts.
 */

const LF = '\n';
const RS = '\x1e';
const CR = '\r';

export type ElementList = readonly (readonly [id: string, value: string])[];

export interface AamvaFile {
  /** issuer identification number, e.g. 636014 for California */
  iin?: string;
  /** AAMVA version: 1 (DL/ID-2000) has no jurisdiction version in its header */
  version?: number;
  jurisdictionVersion?: number;
  subfiles: readonly { type: string; elements: ElementList }[];
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const fourDigits = (n: number) => String(n).padStart(4, '0');

export function aamvaText({
  iin = '636014',
  version = 10,
  jurisdictionVersion = 0,
  subfiles,
}: AamvaFile) {
  const header = `@${LF}${RS}${CR}ANSI ${iin}${twoDigits(version)}${
    version >= 2 ? twoDigits(jurisdictionVersion) : ''
  }${twoDigits(subfiles.length)}`;
  const bodies = subfiles.map(
    ({ type, elements }) => `${type}${elements.map(([id, value]) => id + value).join(LF)}${CR}`,
  );
  let offset = header.length + 10 * subfiles.length;
  const designators = subfiles.map(({ type }, i) => {
    const designator = `${type}${fourDigits(offset)}${fourDigits(bodies[i].length)}`;
    offset += bodies[i].length;
    return designator;
  });
  return header + designators.join('') + bodies.join('');
}

/** A file of one subfile, a licence's DL unless `type` says otherwise, under this header. */
export function oneSubfileText(
  elements: ElementList,
  { type = 'DL', ...header }: Omit<AamvaFile, 'subfiles'> & { type?: string } = {},
) {
  return aamvaText({ ...header, subfiles: [{ type, elements }] });
}

/** 2005-06-15 → 06152005, as US licences write dates */
export const usDate = (iso: string) => iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(0, 4);

/** 2005-06-15 → 20050615, as Canadian licences (and version 01 files) write dates */
export const canadianDate = (iso: string) => iso.replaceAll('-', '');

export interface Person {
  idNumber?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiry: string;
  state?: string;
  country?: 'USA' | 'CAN';
}

/** The DL subfile of a current (version 08-10) licence, in the order issuers write it. */
export function licenceElements({
  idNumber = 'D1234567',
  firstName = 'JANE',
  middleName = 'MARIE',
  lastName = 'DOE',
  dateOfBirth,
  expiry,
  state = 'CA',
  country = 'USA',
}: Person): ElementList {
  const date = country === 'CAN' ? canadianDate : usDate;
  return [
    ['DCA', 'C'],
    ['DCB', 'NONE'],
    ['DCD', 'NONE'],
    ['DBA', date(expiry)],
    ['DCS', lastName],
    ['DAC', firstName],
    ['DAD', middleName],
    ['DBD', date('2021-03-02')],
    ['DBB', date(dateOfBirth)],
    ['DBC', '2'],
    ['DAY', 'BRO'],
    ['DAU', '065 IN'],
    ['DAG', '1234 MAIN ST'],
    ['DAI', country === 'CAN' ? 'TORONTO' : 'OAKLAND'],
    ['DAJ', state],
    ['DAK', country === 'CAN' ? 'M5V 2T6' : '946120000  '],
    ['DAQ', idNumber],
    ['DCF', '03/02/2021629A4/BBFD/26'],
    ['DCG', country],
    ['DDE', 'N'],
    ['DDF', 'N'],
    ['DDG', 'N'],
    ['DDK', '1'],
  ];
}

/** A whole California licence file: its DL subfile and a jurisdiction-specific ZC subfile. */
export function californiaLicence(person: Person): string {
  return aamvaText({
    subfiles: [
      { type: 'DL', elements: licenceElements(person) },
      {
        type: 'ZC',
        elements: [
          ['ZCA', 'BLK'],
          ['ZCB', 'BRN'],
        ],
      },
    ],
  });
}
