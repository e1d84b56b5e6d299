/**
 * Reads the PDF417 barcode on the back of a North American driver's licence or ID card, as
 * text a scanner decoded (AAMVA DL/ID Card Design Standard, versions 01 onwards).
 *
 * The file is a header ("@", LF, RS, CR, "ANSI ", the issuer's IIN, the AAMVA version, the
 * jurisdiction's version from version 02, the number of subfiles), one designator per subfile
 * (type, 4-digit offset, 4-digit length), then the subfiles: "DL" or "ID" followed by data
 * elements, each a 3-letter element id and its value, separated by LF, ended by CR.
 */
import { isoDate } from './iso-date';

export interface AamvaId {
  idNumber: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiry: string;
  firstName: string;
  lastName: string;
  middleName?: string;
  /** the issuing jurisdiction, e.g. "CA" */
  state?: string;
}

export type AamvaParseResult = { ok: true; id: AamvaId } | { ok: false; reason: string };

interface Header {
  /** where the header and its designators end */
  end: number;
  subfiles: { type: string; offset: number; length: number }[];
}

type Elements = ReadonlyMap<string, string>;

export function parseAamva(text: string): AamvaParseResult {
  const header = readHeader(text);
  if (!header) return fail('Not an AAMVA driver licence or ID barcode');
  // the subfile where the header says wins; scanned lines fill in what a wrong offset or length missed
  const elements = new Map([
    ...scannedElements(text, header),
    ...(subfileElements(text, header) ?? []),
  ]);
  if (elements.size === 0) return fail('No licence data after the barcode header (truncated?)');
  return readId(elements);
}

const fail = (reason: string): AamvaParseResult => ({ ok: false, reason });

/**
 * Before AAMVA DL/ID-2000 the header said "AAMVA"; some scanners drop or alter the "@" and
 * control characters before it, so it may follow any few non-letters rather than exactly those.
 */
const HEADER_START = /^[^A-Za-z]{0,8}(?:ANSI ?|AAMVA)(\d{6})(\d{2})/;
const DESIGNATOR = /^([A-Z]{2})(\d{4})(\d{4})/;

function readHeader(text: string): Header | null {
  const match = HEADER_START.exec(text);
  if (!match) return null;
  const version = Number(match[2]);
  // version 01 has no jurisdiction version: the number of entries follows the AAMVA version
  const layouts = version >= 2 ? [2, 0] : [0, 2];
  for (const skip of layouts) {
    const header = readDesignators(text, match[0].length + skip);
    if (header) return header;
  }
  return { end: match[0].length, subfiles: [] };
}

function readDesignators(text: string, at: number): Header | null {
  const count = Number(text.slice(at, at + 2));
  if (!/^\d{2}$/.test(text.slice(at, at + 2)) || count === 0) return null;
  const subfiles: Header['subfiles'] = [];
  let end = at + 2;
  for (let i = 0; i < count; i++, end += 10) {
    const designator = DESIGNATOR.exec(text.slice(end, end + 10));
    if (!designator) return null;
    subfiles.push({
      type: designator[1],
      offset: Number(designator[2]),
      length: Number(designator[3]),
    });
  }
  return { end, subfiles };
}

/** The DL (or else ID) subfile found where its designator says, or null when it is not there. */
function subfileElements(text: string, header: Header): Elements | null {
  for (const type of ['DL', 'ID']) {
    const subfile = header.subfiles.find((s) => s.type === type);
    if (!subfile) continue;
    const body = text.slice(subfile.offset, subfile.offset + subfile.length);
    if (body.startsWith(type) && /^D[A-Z]{2}/.test(body.slice(2))) {
      return elementsOf(body.slice(2).split(LINE_BREAK));
    }
  }
  return null;
}

/**
 * Offsets can be wrong (a miscounted header, a scanner that drops the header's control
 * characters), so every line that starts with a DL/ID element id counts too; the first element
 * follows "DL" or "ID" on the header's line.
 */
function scannedElements(text: string, header: Header): Elements {
  const afterHeader = text.slice(header.end);
  const firstSubfile = /(?:DL|ID)(?=D[A-Z]{2})/.exec(afterHeader);
  if (!firstSubfile) return new Map();
  const data = afterHeader.slice(firstSubfile.index + 2);
  return elementsOf(data.split(LINE_BREAK).filter((line) => /^D[A-Z]{2}/.test(line)));
}

/** LF separates elements and CR ends a subfile; either (or CRLF) ends a line here. */
const LINE_BREAK = /\r\n|[\r\n]/;

function elementsOf(lines: readonly string[]): Elements {
  const elements = new Map<string, string>();
  for (const line of lines) {
    const match = /^([A-Z]{3})(.*)$/.exec(line);
    // the first occurrence wins: a later subfile must not overwrite the licence's own data
    if (match && !elements.has(match[1])) elements.set(match[1], match[2].trim());
  }
  return elements;
}

function readId(elements: Elements): AamvaParseResult {
  const canadian = elements.get('DCG')?.toUpperCase() === 'CAN';
  const dateOfBirth = readDate(elements, 'DBB', 'date of birth', canadian);
  if (!dateOfBirth.ok) return dateOfBirth;
  const expiry = readDate(elements, 'DBA', 'expiry date', canadian);
  if (!expiry.ok) return expiry;
  const name = readName(elements);
  if (!name.lastName) return fail('Missing last name (DCS)');
  if (!name.firstName) return fail('Missing first name (DAC)');
  const idNumber = elements.get('DAQ');
  if (!idNumber) return fail('Missing ID number (DAQ)');
  const state = elements.get('DAJ')?.toUpperCase();
  return {
    ok: true,
    id: {
      idNumber,
      dateOfBirth: dateOfBirth.date,
      expiry: expiry.date,
      firstName: name.firstName,
      lastName: name.lastName,
      ...(name.middleName ? { middleName: name.middleName } : {}),
      ...(state && /^[A-Z]{2}$/.test(state) ? { state } : {}),
    },
  };
}

function readDate(
  elements: Elements,
  elementId: string,
  what: string,
  canadian: boolean,
): { ok: true; date: string } | { ok: false; reason: string } {
  const value = elements.get(elementId);
  if (!value) return { ok: false, reason: `Missing ${what} (${elementId})` };
  const date = aamvaDate(value, canadian);
  if (!date) return { ok: false, reason: `Invalid ${what} (${elementId} "${value}")` };
  return { ok: true, date };
}

/**
 * The standard writes US dates MMDDCCYY and Canadian ones CCYYMMDD, but version 01 files and
 * some issuers use CCYYMMDD in the US too. The other layout is tried second: a plausible year
 * starts 19, 20 or 21, never a month, so no 8 digits read as a real date both ways.
 */
export function aamvaDate(value: string, canadian: boolean): string | null {
  if (!/^\d{8}$/.test(value)) return null;
  const layouts = canadian ? [ccyymmdd, mmddccyy] : [mmddccyy, ccyymmdd];
  for (const read of layouts) {
    const date = read(value);
    if (date) return date;
  }
  return null;
}

const digits = (value: string, from: number, to: number) => Number(value.slice(from, to));

const mmddccyy = (value: string) =>
  plausible(digits(value, 4, 8), digits(value, 0, 2), digits(value, 2, 4));

const ccyymmdd = (value: string) =>
  plausible(digits(value, 0, 4), digits(value, 4, 6), digits(value, 6, 8));

function plausible(year: number, month: number, day: number): string | null {
  return year >= 1900 && year <= 2199 ? isoDate(year, month, day) : null;
}

interface Name {
  firstName?: string;
  lastName?: string;
  middleName?: string;
}

/**
 * Versions 04 on name the family, first and middle names (DCS, DAC, DAD); 02-03 put first and
 * middle together in DCT ("JANE,MARIE" or "JANE MARIE"); 01 has DAB/DAC/DAD or the full name
 * in DAA ("DOE,JANE,MARIE").
 */
function readName(elements: Elements): Name {
  const given = splitGivenNames(nameValue(elements, 'DCT'));
  const full = splitFullName(nameValue(elements, 'DAA'));
  return {
    lastName: nameValue(elements, 'DCS') ?? nameValue(elements, 'DAB') ?? full.lastName,
    firstName: nameValue(elements, 'DAC') ?? given.firstName ?? full.firstName,
    middleName: nameValue(elements, 'DAD') ?? given.middleName ?? full.middleName,
  };
}

/** "NONE" means the person has no such name and "unavl" that the issuer does not know it. */
function nameValue(elements: Elements, elementId: string): string | undefined {
  const value = elements.get(elementId)?.trim();
  return value && !/^(none|unavl)$/i.test(value) ? value : undefined;
}

function splitGivenNames(given: string | undefined): Name {
  if (!given) return {};
  const [firstName, ...middle] = given.includes(',') ? given.split(',') : given.split(/\s+/);
  return { firstName: firstName.trim() || undefined, middleName: joinNames(middle) };
}

function splitFullName(full: string | undefined): Name {
  // without commas the order of the names is unknown, so it is not guessed
  if (!full?.includes(',')) return {};
  const [lastName, firstName, ...middle] = full.split(',').map((part) => part.trim());
  return {
    lastName: lastName || undefined,
    firstName: firstName || undefined,
    middleName: joinNames(middle),
  };
}

function joinNames(names: readonly string[]): string | undefined {
  const joined = names
    .map((name) => name.trim())
    .filter(Boolean)
    .join(' ');
  return joined || undefined;
}
