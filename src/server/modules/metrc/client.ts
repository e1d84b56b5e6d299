/**
 * Metrc's California API, as its documentation describes it: HTTP Basic authentication with
 * the vendor key as user and the user key as password, the facility's licence number in the
 * query. Errors never carry the keys: only Metrc's status and its own message.
 */
import type { MetrcSettings } from '../../config';
import type { DeliveryCompletion, SalesDelivery } from './delivery';
import type { SalesReceipt } from './receipt';

/** Metrc answered and refused the request (400 and its messages): a resend will not help. */
export class MetrcRefused extends Error {}
/** Metrc was not reached, timed out, or answered with an outage: try again later. */
export class MetrcUnavailable extends Error {}

export interface MetrcReceipt {
  Id: number;
  ExternalReceiptNumber: string | null;
  SalesDateTime: string;
  TotalPackages: number;
  TotalPrice: number;
  Transactions: { PackageLabel: string; Quantity: number; UnitOfMeasure: string }[];
}

/** A sales delivery as Metrc lists it (GET /sales/v2/deliveries/…). */
export interface MetrcDelivery {
  Id: number;
  SalesDateTime: string;
  RecipientAddressStreet1: string | null;
  CompletedDateTime: string | null;
  TotalPackages?: number;
  Transactions: { PackageLabel: string; Quantity: number; UnitOfMeasure: string }[];
}

export interface MetrcFacility {
  Name?: string;
  DisplayName?: string;
  License?: { Number?: string; LicenseType?: string };
}

export interface MetrcClient {
  postReceipts(receipts: SalesReceipt[]): Promise<number[]>;
  putReceipts(receipts: SalesReceipt[]): Promise<void>;
  receiptsByExternalNumber(externalNumber: string): Promise<MetrcReceipt[]>;
  /** receipts whose sale time falls in [start, end) (shop-local times without a zone) */
  activeReceipts(start: string, end: string): Promise<MetrcReceipt[]>;
  facilities(): Promise<MetrcFacility[]>;
  postDeliveries(deliveries: SalesDelivery[]): Promise<number[]>;
  putDeliveries(deliveries: SalesDelivery[]): Promise<void>;
  completeDeliveries(completions: (DeliveryCompletion & { Id: number })[]): Promise<void>;
  delivery(id: number): Promise<MetrcDelivery | null>;
  /** deliveries, still under way and completed, whose sale time falls in [start, end) */
  deliveries(start: string, end: string): Promise<MetrcDelivery[]>;
}

const TIMEOUT_MS = 20_000;

export function metrcClient(settings: MetrcSettings, timeoutMs = TIMEOUT_MS): MetrcClient {
  const auth = `Basic ${Buffer.from(`${settings.vendorKey}:${settings.userKey}`).toString('base64')}`;
  const license = encodeURIComponent(settings.licenseNumber);

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${settings.apiBase}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'was not reached';
      throw new MetrcUnavailable(`Metrc ${reason} (${method} ${path.split('?')[0]}).`);
    }
    const text = await res.text();
    if (res.ok) return (text ? JSON.parse(text) : null) as T;
    const said = metrcMessages(text);
    if (res.status === 400)
      throw new MetrcRefused(said || `Metrc refused the request (${res.status}).`);
    if (res.status === 401 || res.status === 403)
      throw new MetrcUnavailable(
        `Metrc refused the keys for licence ${settings.licenseNumber} (${res.status}): check METRC_VENDOR_KEY and METRC_USER_KEY.`,
      );
    throw new MetrcUnavailable(`Metrc answered ${res.status}${said ? `: ${said}` : ''}.`);
  }

  return {
    postReceipts(receipts) {
      return postIds('/sales/v2/receipts', receipts);
    },
    async putReceipts(receipts) {
      await call('PUT', `/sales/v2/receipts?licenseNumber=${license}`, receipts);
    },
    async receiptsByExternalNumber(externalNumber) {
      const found = await call<MetrcReceipt[] | MetrcReceipt | null>(
        'GET',
        `/sales/v2/receipts/external/${encodeURIComponent(externalNumber)}?licenseNumber=${license}`,
      );
      if (!found) return [];
      return Array.isArray(found) ? found : [found];
    },
    activeReceipts(start, end) {
      return pages<MetrcReceipt>('/sales/v2/receipts/active', start, end);
    },
    async facilities() {
      return call<MetrcFacility[]>('GET', '/facilities/v2');
    },
    postDeliveries(deliveries) {
      return postIds('/sales/v2/deliveries', deliveries);
    },
    async putDeliveries(deliveries) {
      await call('PUT', `/sales/v2/deliveries?licenseNumber=${license}`, deliveries);
    },
    async completeDeliveries(completions) {
      await call('PUT', `/sales/v2/deliveries/complete?licenseNumber=${license}`, completions);
    },
    async delivery(id) {
      return call<MetrcDelivery | null>(
        'GET',
        `/sales/v2/deliveries/${id}?licenseNumber=${license}`,
      );
    },
    async deliveries(start, end) {
      // a delivery under way is active; completed, it is inactive
      return [
        ...(await pages<MetrcDelivery>('/sales/v2/deliveries/active', start, end)),
        ...(await pages<MetrcDelivery>('/sales/v2/deliveries/inactive', start, end)),
      ];
    },
  };

  /** Records a list of entries; Metrc answers the ids it gave them, in order. */
  async function postIds(path: string, list: unknown[]): Promise<number[]> {
    const answer = await call<{ Ids?: number[] } | null>(
      'POST',
      `${path}?licenseNumber=${license}`,
      list,
    );
    return answer?.Ids ?? [];
  }

  /** Every page of a list filtered by sale time (pages of 20, the most Metrc gives). */
  async function pages<T>(path: string, start: string, end: string): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page <= 500; page++) {
      const query = `licenseNumber=${license}&salesDateStart=${encodeURIComponent(start)}&salesDateEnd=${encodeURIComponent(end)}&pageNumber=${page}&pageSize=20`;
      const answer = await call<{ Data: T[]; TotalPages?: number }>('GET', `${path}?${query}`);
      all.push(...answer.Data);
      if (!answer.TotalPages || page >= answer.TotalPages) break;
    }
    return all;
  }
}

/** Metrc's own words from an error body: a list of {row, message}, or {Message}. */
function metrcMessages(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    const list = Array.isArray(body) ? body : [body];
    return list
      .map((entry) => {
        const e = entry as { message?: string; Message?: string };
        return e?.message ?? e?.Message ?? '';
      })
      .filter(Boolean)
      .join(' ')
      .slice(0, 500);
  } catch {
    return text.slice(0, 200);
  }
}
