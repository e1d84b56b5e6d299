/**
 * A local stand-in for Metrc's California API (sales receipts, sales deliveries and
 * facilities), following the request and answer shapes of its documentation: HTTP Basic
 * authentication (vendor key : user key), the licence number in the query, 400 with
 * [{row, message}] for an entry it refuses, and an outage mode answering 503. It keeps every
 * receipt and delivery it accepted and every request.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_METRC = {
  vendorKey: 'fake-vendor-key-0123456789',
  userKey: 'fake-user-key-9876543210',
  licenseNumber: 'C10-0000001-LIC',
};

interface Transaction {
  PackageLabel: string;
  Quantity: number;
  UnitOfMeasure: string;
  TotalAmount: number;
}

export interface FakeReceipt {
  Id: number;
  ExternalReceiptNumber: string;
  SalesDateTime: string;
  SalesCustomerType: string;
  Transactions: Transaction[];
  TotalPackages: number;
  TotalPrice: number;
  LastModified: string;
}

export interface FakeDelivery {
  Id: number;
  SalesDateTime: string;
  SalesCustomerType: string;
  DriverEmployeeId: string | null;
  DriverName: string | null;
  PhoneNumberForQuestions: string | null;
  RecipientName: string | null;
  RecipientAddressStreet1: string;
  RecipientAddressStreet2: string | null;
  RecipientAddressCity: string;
  RecipientAddressState: string;
  RecipientAddressPostalCode: string;
  PlannedRoute: string | null;
  EstimatedDepartureDateTime: string;
  EstimatedArrivalDateTime: string;
  ActualArrivalDateTime: string | null;
  AcceptedPackages: string[];
  CompletedDateTime: string | null;
  Transactions: Transaction[];
  TotalPackages: number;
  TotalPrice: number;
  LastModified: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorized: boolean;
}

/** Answers on a random local port; `env` is what the shop's METRC_* variables should be. */
export async function startFakeMetrc(options: { port?: number } = {}) {
  const receipts: FakeReceipt[] = [];
  const deliveries: FakeDelivery[] = [];
  const requests: FakeRequest[] = [];
  /** tags Metrc knows, with what each holds (none: any tag is accepted) */
  const packages = new Map<string, number>();
  let outage = false;
  let nextId = 1;
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const wake = () => {
    for (const w of [...waiters])
      if (w.test()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  const expected = `Basic ${Buffer.from(`${FAKE_METRC.vendorKey}:${FAKE_METRC.userKey}`).toString('base64')}`;

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const authorized = req.headers.authorization === expected;
    requests.push({ method: req.method ?? '', path: url.pathname, authorized });
    const answer = (status: number, value: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(value === undefined ? '' : JSON.stringify(value));
      wake();
    };
    if (outage) return answer(503, { Message: 'The service is temporarily unavailable.' });
    if (!authorized)
      return answer(401, { Message: 'Authorization has been denied for this request.' });
    if (url.pathname === '/facilities/v2' && req.method === 'GET')
      return answer(200, [
        {
          Name: 'Canopy Test Dispensary',
          DisplayName: 'Canopy Test Dispensary',
          License: { Number: FAKE_METRC.licenseNumber, LicenseType: 'Retailer' },
        },
      ]);
    const license = url.searchParams.get('licenseNumber');
    if (url.pathname.startsWith('/sales/v2/') && license !== FAKE_METRC.licenseNumber)
      return answer(401, { Message: 'No valid facility license for this request.' });
    const external = /^\/sales\/v2\/receipts\/external\/(.+)$/.exec(url.pathname);
    if (external && req.method === 'GET')
      return answer(
        200,
        receipts.filter((r) => r.ExternalReceiptNumber === decodeURIComponent(external[1]!)),
      );
    if (url.pathname === '/sales/v2/receipts/active' && req.method === 'GET')
      return answer(200, paged(receipts, url));
    if (url.pathname === '/sales/v2/deliveries/active' && req.method === 'GET')
      return answer(
        200,
        paged(
          deliveries.filter((d) => !d.CompletedDateTime),
          url,
        ),
      );
    if (url.pathname === '/sales/v2/deliveries/inactive' && req.method === 'GET')
      return answer(
        200,
        paged(
          deliveries.filter((d) => d.CompletedDateTime),
          url,
        ),
      );
    const oneDelivery = /^\/sales\/v2\/deliveries\/(\d+)$/.exec(url.pathname);
    if (oneDelivery && req.method === 'GET') {
      const found = deliveries.find((d) => d.Id === Number(oneDelivery[1]));
      return found ? answer(200, found) : answer(404, { Message: 'Delivery not found.' });
    }
    if (
      url.pathname === '/sales/v2/deliveries' &&
      (req.method === 'POST' || req.method === 'PUT')
    ) {
      const list = parse(body);
      if (!Array.isArray(list))
        return answer(400, [{ row: 0, message: 'The request body must be a list of deliveries.' }]);
      const put = req.method === 'PUT';
      const errors = list.flatMap((d, row) => deliveryErrors(d, row, put));
      if (errors.length > 0) return answer(400, errors);
      const ids: number[] = [];
      for (const d of list) {
        const before = deliveries.find((x) => x.Id === d.Id);
        const stored = toDelivery(d, put ? Number(d.Id) : nextId++, before);
        if (before) deliveries.splice(deliveries.indexOf(before), 1, stored);
        else deliveries.push(stored);
        ids.push(stored.Id);
      }
      return put ? answer(200, undefined) : answer(200, { Ids: ids, Warnings: null });
    }
    if (url.pathname === '/sales/v2/deliveries/complete' && req.method === 'PUT') {
      const list = parse(body);
      if (!Array.isArray(list))
        return answer(400, [{ row: 0, message: 'The request body must be a list of deliveries.' }]);
      const errors = list.flatMap((c, row) => completionErrors(c, row));
      if (errors.length > 0) return answer(400, errors);
      for (const c of list) {
        const d = deliveries.find((x) => x.Id === c.Id)!;
        d.ActualArrivalDateTime = String(c.ActualArrivalDateTime);
        d.AcceptedPackages = c.AcceptedPackages as string[];
        d.CompletedDateTime = new Date().toISOString();
        d.LastModified = d.CompletedDateTime;
      }
      return answer(200, undefined);
    }
    if (url.pathname === '/sales/v2/receipts' && (req.method === 'POST' || req.method === 'PUT')) {
      const list = parse(body);
      if (!Array.isArray(list))
        return answer(400, [{ row: 0, message: 'The request body must be a list of receipts.' }]);
      const errors = list.flatMap((r, row) => receiptErrors(r, row, req.method === 'PUT'));
      if (errors.length > 0) return answer(400, errors);
      const ids: number[] = [];
      for (const r of list) {
        const stored = toStored(r, req.method === 'PUT' ? r.Id : nextId++);
        if (req.method === 'PUT')
          receipts.splice(
            receipts.findIndex((x) => x.Id === r.Id),
            1,
            stored,
          );
        else receipts.push(stored);
        ids.push(stored.Id);
      }
      return req.method === 'POST'
        ? answer(200, { Ids: ids, Warnings: null })
        : answer(200, undefined);
    }
    return answer(404, { Message: 'No HTTP resource was found that matches the request URI.' });
  });

  /** A time Metrc takes: the facility's local date and time, without a zone. */
  function localTimeErrors(r: Record<string, unknown>, row: number, fields: string[]) {
    return fields
      .filter((field) => {
        const value = r[field];
        return typeof value !== 'string' || !LOCAL_TIME.test(value);
      })
      .map((field) => ({
        row,
        message: `${field} must be a local date and time without a time zone.`,
      }));
  }

  function receiptErrors(r: Record<string, unknown>, row: number, put: boolean) {
    const errors: { row: number; message: string }[] = [];
    if (put && !receipts.some((x) => x.Id === r.Id))
      errors.push({ row, message: `Sales Receipt Id ${String(r.Id)} was not found.` });
    errors.push(...localTimeErrors(r, row, ['SalesDateTime']));
    if (!put && receipts.some((x) => x.ExternalReceiptNumber === r.ExternalReceiptNumber))
      errors.push({
        row,
        message: `External Receipt Number ${String(r.ExternalReceiptNumber)} is already in use.`,
      });
    errors.push(...transactionErrors(r, row, put));
    return errors;
  }

  /**
   * A delivery to a consumer names where it goes (street, city, state, ZIP code), when it is
   * planned to leave and arrive, and what it carries; one being completed is not completed yet.
   */
  function deliveryErrors(d: Record<string, unknown>, row: number, put: boolean) {
    const errors: { row: number; message: string }[] = [];
    const known = deliveries.find((x) => x.Id === d.Id);
    if (put && !known)
      errors.push({ row, message: `Sales Delivery Id ${String(d.Id)} was not found.` });
    errors.push(
      ...localTimeErrors(d, row, [
        'SalesDateTime',
        'EstimatedDepartureDateTime',
        'EstimatedArrivalDateTime',
      ]),
    );
    if (d.SalesCustomerType !== 'Consumer' && d.SalesCustomerType !== 'Patient')
      errors.push({ row, message: 'SalesCustomerType must be Consumer or Patient.' });
    for (const field of [
      'RecipientAddressStreet1',
      'RecipientAddressCity',
      'RecipientAddressState',
      'RecipientAddressPostalCode',
    ])
      if (typeof d[field] !== 'string' || !(d[field] as string).trim())
        errors.push({ row, message: `${field} is required.` });
    errors.push(...transactionErrors(d, row, put));
    return errors;
  }

  function completionErrors(c: Record<string, unknown>, row: number) {
    const errors: { row: number; message: string }[] = [];
    const d = deliveries.find((x) => x.Id === c.Id);
    if (!d) return [{ row, message: `Sales Delivery Id ${String(c.Id)} was not found.` }];
    if (d.CompletedDateTime)
      errors.push({ row, message: `Sales Delivery Id ${d.Id} is already completed.` });
    errors.push(...localTimeErrors(c, row, ['ActualArrivalDateTime']));
    const accepted = Array.isArray(c.AcceptedPackages) ? (c.AcceptedPackages as string[]) : [];
    const carried = new Set(d.Transactions.map((t) => t.PackageLabel));
    for (const label of accepted)
      if (!carried.has(label))
        errors.push({ row, message: `Package ${label} is not on Sales Delivery ${d.Id}.` });
    for (const label of carried)
      if (!accepted.includes(label))
        errors.push({ row, message: `Package ${label} must be accepted or returned.` });
    return errors;
  }

  function transactionErrors(r: Record<string, unknown>, row: number, put: boolean) {
    const errors: { row: number; message: string }[] = [];
    const transactions = Array.isArray(r.Transactions) ? (r.Transactions as Transaction[]) : [];
    if (transactions.length === 0 && !put)
      errors.push({ row, message: 'At least one transaction is required.' });
    for (const t of transactions) {
      if (!/^[A-Z0-9]{24}$/.test(t.PackageLabel ?? ''))
        errors.push({
          row,
          message: `Package ${String(t.PackageLabel)} is not a valid package label.`,
        });
      else if (packages.size > 0 && !packages.has(t.PackageLabel))
        errors.push({ row, message: `Package ${t.PackageLabel} does not exist or is not active.` });
      else if (packages.has(t.PackageLabel) && t.Quantity > packages.get(t.PackageLabel)!)
        errors.push({ row, message: `Package ${t.PackageLabel} has insufficient quantity.` });
    }
    return errors;
  }

  function toDelivery(
    d: Record<string, unknown>,
    id: number,
    before: FakeDelivery | undefined,
  ): FakeDelivery {
    const text = (field: string) => (d[field] == null ? null : String(d[field]));
    const transactions = (d.Transactions as Transaction[]) ?? [];
    return {
      Id: id,
      SalesDateTime: String(d.SalesDateTime),
      SalesCustomerType: String(d.SalesCustomerType),
      DriverEmployeeId: text('DriverEmployeeId'),
      DriverName: text('DriverName'),
      PhoneNumberForQuestions: text('PhoneNumberForQuestions'),
      RecipientName: text('RecipientName'),
      RecipientAddressStreet1: String(d.RecipientAddressStreet1),
      RecipientAddressStreet2: text('RecipientAddressStreet2'),
      RecipientAddressCity: String(d.RecipientAddressCity),
      RecipientAddressState: String(d.RecipientAddressState),
      RecipientAddressPostalCode: String(d.RecipientAddressPostalCode),
      PlannedRoute: text('PlannedRoute'),
      EstimatedDepartureDateTime: String(d.EstimatedDepartureDateTime),
      EstimatedArrivalDateTime: String(d.EstimatedArrivalDateTime),
      ActualArrivalDateTime: before?.ActualArrivalDateTime ?? null,
      AcceptedPackages: before?.AcceptedPackages ?? [],
      CompletedDateTime: before?.CompletedDateTime ?? null,
      Transactions: transactions,
      TotalPackages: transactions.length,
      TotalPrice: transactions.reduce((sum, t) => sum + t.TotalAmount, 0),
      LastModified: new Date().toISOString(),
    };
  }

  function toStored(r: Record<string, unknown>, id: unknown): FakeReceipt {
    const transactions = (r.Transactions as Transaction[]) ?? [];
    return {
      Id: Number(id),
      ExternalReceiptNumber: String(r.ExternalReceiptNumber),
      SalesDateTime: String(r.SalesDateTime),
      SalesCustomerType: String(r.SalesCustomerType),
      Transactions: transactions,
      TotalPackages: transactions.length,
      TotalPrice: transactions.reduce((sum, t) => sum + t.TotalAmount, 0),
      LastModified: new Date().toISOString(),
    };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    receipts,
    deliveries,
    requests,
    /** the shop's METRC_* variables pointing here */
    env: {
      METRC_API_BASE: base,
      METRC_VENDOR_KEY: FAKE_METRC.vendorKey,
      METRC_USER_KEY: FAKE_METRC.userKey,
      METRC_LICENSE_NUMBER: FAKE_METRC.licenseNumber,
    },
    /** Metrc answers 503 to everything while on */
    setOutage(on: boolean) {
      outage = on;
    },
    /** Metrc knows only these tags, each holding so much */
    setPackages(entries: Record<string, number>) {
      packages.clear();
      for (const [tag, quantity] of Object.entries(entries)) packages.set(tag, quantity);
    },
    posts: () => requests.filter((r) => r.method === 'POST' && r.path === '/sales/v2/receipts'),
    /** resolves once `test` holds, checked after every answer */
    until(test: () => boolean): Promise<void> {
      if (test()) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeMetrc = Awaited<ReturnType<typeof startFakeMetrc>>;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** A list filtered by sale time and paged, as Metrc's list endpoints answer. */
function paged<T extends { SalesDateTime: string }>(list: T[], url: URL) {
  const start = url.searchParams.get('salesDateStart') ?? '';
  const end = url.searchParams.get('salesDateEnd') ?? '\uffff';
  const matching = list.filter((r) => r.SalesDateTime >= start && r.SalesDateTime < end);
  const size = Number(url.searchParams.get('pageSize') ?? matching.length) || 1;
  const page = Number(url.searchParams.get('pageNumber') ?? 1);
  return {
    Data: matching.slice((page - 1) * size, page * size),
    Total: matching.length,
    TotalPages: Math.max(1, Math.ceil(matching.length / size)),
    Page: page,
    PageSize: size,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

function parse(body: string): Array<Record<string, unknown>> | null {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
