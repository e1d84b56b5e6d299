/**
 * A delivery's report to Metrc's California API, as its documentation describes the sales
 * delivery endpoints (`POST /sales/v2/deliveries`, then `PUT /sales/v2/deliveries/complete`;
 * api-ca.metrc.com/Documentation, Sales): where a receipt records a sale over the counter, a
 * delivery records the trip (driver, recipient and address, planned route, estimated
 * departure and arrival) with the same transactions, and its completion at the door records the
 * sale (DCC: a delivery is a sale when handed over). Every time is the shop's wall-clock time
 * without a zone, as the documentation asks. Pure: built in the handover's transaction.
 */
import { splitWindow, timeToMinutes } from '../../../shared/availability';
import { addressParts } from '../../../shared/compliance/zones';
import { localSaleTime, type ReceiptTransaction, type SalesReceipt } from './receipt';

export interface SalesDelivery {
  /** set when the delivery replaces one Metrc keeps (a return after handover) */
  Id?: number;
  SalesDateTime: string;
  SalesCustomerType: 'Consumer';
  PatientLicenseNumber: null;
  ConsumerId: null;
  DriverEmployeeId: string | null;
  DriverName: string | null;
  /** the shop keeps no driver's licences or vehicles: the owner completes them in Metrc */
  DriversLicenseNumber: null;
  PhoneNumberForQuestions: string | null;
  VehicleMake: null;
  VehicleModel: null;
  VehicleLicensePlateNumber: null;
  RecipientName: string;
  RecipientAddressStreet1: string;
  RecipientAddressStreet2: string | null;
  RecipientAddressCity: string | null;
  RecipientAddressCounty: null;
  RecipientAddressState: string | null;
  RecipientAddressPostalCode: string | null;
  PlannedRoute: string;
  EstimatedDepartureDateTime: string;
  EstimatedArrivalDateTime: string;
  Transactions: ReceiptTransaction[];
}

export interface DeliveryCompletion {
  ActualArrivalDateTime: string;
  AcceptedPackages: string[];
  ReturnedPackages: [];
}

/** What the outbox keeps for a delivery: the trip as recorded, and its completion. */
export interface DeliveryReport {
  delivery: SalesDelivery;
  completion: DeliveryCompletion;
}

export interface DeliveredOrder {
  id: number;
  customer: string;
  address: string;
  postalCode: string | null;
  /** the delivery date and window of a scheduled order ("2:00 PM - 4:00 PM") */
  deliveryDate: string | null;
  deliveryWindow: string | null;
  /** when the driver set off, if the order was put on the way */
  departedAt: Date | null;
  driver: { employeeNumber: string | null; firstName: string } | null;
  shopPhone: string | null;
}

/** "2026-12-01" at "2:00 PM" as Metrc's local time, or null when the label is unreadable. */
function localAt(date: string, time: string): string | null {
  const minutes = timeToMinutes(time);
  if (Number.isNaN(minutes)) return null;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${date}T${hh}:${mm}:00.000`;
}

/**
 * The planned times: a scheduled order's window on its date; otherwise the trip as it went,
 * from when the driver set off (or the handover, if nobody put it on the way) to the handover.
 */
export function plannedTimes(
  order: Pick<DeliveredOrder, 'deliveryDate' | 'deliveryWindow' | 'departedAt'>,
  handedOver: Date,
  timeZone: string,
): { departure: string; arrival: string } {
  if (order.deliveryDate && order.deliveryWindow) {
    const { startTime, endTime } = splitWindow(order.deliveryWindow);
    const departure = localAt(order.deliveryDate, startTime);
    const arrival = localAt(order.deliveryDate, endTime);
    if (departure && arrival) return { departure, arrival };
  }
  return {
    departure: localSaleTime(order.departedAt ?? handedOver, timeZone),
    arrival: localSaleTime(handedOver, timeZone),
  };
}

/** The delivery report of a handed-over order, from the receipt its lines make. */
export function deliveryReport(
  order: DeliveredOrder,
  receipt: SalesReceipt,
  handedOver: Date,
  timeZone: string,
): DeliveryReport {
  const address = addressParts(order.address, order.postalCode);
  const planned = plannedTimes(order, handedOver, timeZone);
  const where = [address.street1, address.city].filter(Boolean).join(', ');
  return {
    delivery: {
      SalesDateTime: receipt.SalesDateTime,
      SalesCustomerType: 'Consumer',
      PatientLicenseNumber: null,
      ConsumerId: null,
      DriverEmployeeId: order.driver?.employeeNumber ?? null,
      DriverName: order.driver?.firstName ?? null,
      DriversLicenseNumber: null,
      PhoneNumberForQuestions: order.shopPhone,
      VehicleMake: null,
      VehicleModel: null,
      VehicleLicensePlateNumber: null,
      RecipientName: order.customer,
      RecipientAddressStreet1: address.street1,
      RecipientAddressStreet2: address.street2,
      RecipientAddressCity: address.city,
      RecipientAddressCounty: null,
      RecipientAddressState: address.state,
      RecipientAddressPostalCode: address.postalCode,
      PlannedRoute: `From the shop to ${where} (order #${order.id})`,
      EstimatedDepartureDateTime: planned.departure,
      EstimatedArrivalDateTime: planned.arrival,
      Transactions: receipt.Transactions,
    },
    completion: {
      ActualArrivalDateTime: receipt.SalesDateTime,
      AcceptedPackages: [...new Set(receipt.Transactions.map((t) => t.PackageLabel))],
      ReturnedPackages: [],
    },
  };
}

/** The transactions an outbox entry reports, whether a receipt or a delivery. */
export function reportedTransactions(payload: string): ReceiptTransaction[] {
  const value = JSON.parse(payload) as Partial<SalesReceipt & DeliveryReport>;
  return value.delivery?.Transactions ?? value.Transactions ?? [];
}
