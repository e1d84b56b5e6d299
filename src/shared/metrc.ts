/**
 * State track-and-trace: the packages goods arrive under, and what the shop reports
 * to Metrc. Shared by the server's routes and the back office's forms.
 */
import { z } from 'zod';

/** Metrc's package tags (UIDs) are 24 characters: letters and digits. */
export const METRC_TAG_PATTERN = /^[A-Z0-9]{24}$/;

/** Metrc's units for what the shop sells: grams for goods sold by weight, each for units. */
export const METRC_UNITS = ['Grams', 'Each'] as const;
export type MetrcUnit = (typeof METRC_UNITS)[number];

export const receivePackageSchema = z.object({
  productId: z.number({ message: 'must be a product' }).int().positive(),
  flavor: z.string().trim().max(60, 'must be at most 60 characters').nullable().default(null),
  tag: z
    .string({ message: 'is required' })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(METRC_TAG_PATTERN, 'must be the 24 letters and digits on the tag')),
  itemName: z
    .string({ message: 'is required' })
    .trim()
    .min(1, "is required: the item's name in Metrc")
    .max(150, 'must be at most 150 characters')
    // the catalog spreadsheet lists a product's packages in one cell, separated by semicolons
    .refine((name) => !name.includes(';'), 'must not hold a semicolon (;)'),
  quantity: z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(1_000_000, 'must be at most 1000000'),
});
export type ReceivePackageInput = z.input<typeof receivePackageSchema>;
export type ReceivePackageOutput = z.output<typeof receivePackageSchema>;

/** A package received in Inventory, with what it still holds. */
export const receivedPackageResponse = z.object({
  id: z.number().int(),
  tag: z.string(),
  itemName: z.string(),
  unitOfMeasure: z.string(),
  quantityReceived: z.number(),
  quantityRemaining: z.number(),
  productId: z.number().int(),
  productName: z.string().nullable(),
  flavor: z.string().nullable(),
  receivedAt: z.string(),
});
export type ReceivedPackage = z.output<typeof receivedPackageResponse>;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The deadline to record a sale in the track-and-trace system, as dated rule data: a sale
 * not reported this long after the handover raises the back office's banner and the metric.
 */
export const REPORTING_DEADLINES = [
  {
    from: '2018-01-01',
    hours: 24,
    source:
      'Cal. Code Regs. tit. 4, §15049(b)(8) (DCC, as in force since November 7, 2022): the sale or donation of cannabis or cannabis products shall be recorded in the track and trace system within 24 hours of occurrence',
  },
] as const;

/** The deadline in force on a shop day (YYYY-MM-DD). */
export function reportingDeadlineOn(date: string): (typeof REPORTING_DEADLINES)[number] {
  const rules = REPORTING_DEADLINES.filter((rule) => rule.from <= date);
  return rules[rules.length - 1] ?? REPORTING_DEADLINES[0];
}

const transactionView = z.object({
  packageLabel: z.string(),
  quantity: z.number(),
  unitOfMeasure: z.string(),
  totalAmount: z.number(),
});

/** How many sales are unreported past the deadline, for the back office's banner. */
export const overdueReportsResponse = z.object({ overdue: z.number().int(), hours: z.number() });
export type OverdueReports = z.output<typeof overdueReportsResponse>;

export const reportingOverviewResponse = z.object({
  configured: z.boolean(),
  licenseNumber: z.string().nullable(),
  deadline: z.object({ hours: z.number(), source: z.string() }),
  /** entries not reported past the deadline */
  overdue: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      reported: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type ReportingOverview = z.infer<typeof reportingOverviewResponse>;

export const reportingEntry = z.object({
  id: z.number().int(),
  /** a sale over the counter (a receipt), a delivery (Metrc's delivery endpoints), a return */
  kind: z.enum(['sale', 'delivery', 'return']),
  orderId: z.number().int(),
  customer: z.string(),
  externalNumber: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  metrcId: z.number().int().nullable(),
  /** Metrc's own message when it refused the entry, or why the last try did not get through */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  transactions: z.array(transactionView),
});
export type ReportingEntry = z.infer<typeof reportingEntry>;
export const reportingDayResponse = z.object({
  date: z.string(),
  entries: z.array(reportingEntry),
});
export type ReportingDay = z.infer<typeof reportingDayResponse>;

export const reconciliationResponse = z.object({
  date: z.string(),
  /** handed-over sales of the day the shop reported or must report */
  ours: z.number().int(),
  /** receipts Metrc lists for the day */
  theirs: z.number().int(),
  differences: z.array(
    z.object({
      externalNumber: z.string().nullable(),
      metrcId: z.number().int().nullable(),
      problem: z.string(),
    }),
  ),
});
export type Reconciliation = z.infer<typeof reconciliationResponse>;

export const connectionTestResponse = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTest = z.infer<typeof connectionTestResponse>;

/** The owner's correction before a resend: a transaction's package tag. */
export const resendSchema = z.object({
  corrections: z
    .array(
      z.object({
        index: z.number().int().min(0),
        packageLabel: z
          .string()
          .trim()
          .transform((v) => v.toUpperCase())
          .pipe(
            z.string().regex(METRC_TAG_PATTERN, 'must be the 24 letters and digits on the tag'),
          ),
      }),
    )
    .max(100)
    .default([]),
});
export type ResendInput = z.input<typeof resendSchema>;
