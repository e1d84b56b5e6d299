import type { StaffOnReceipt } from '../../../shared/receipt';

type StaffColumns<P extends string> = {
  [K in 'username' | 'first_name' | 'employee_number' as `${P}_${K}`]: string | null;
};

/** A member of staff by first name (an account from before staff roles may have only its username). */
function staffOf(
  username: string | null,
  firstName: string | null,
  employeeNumber: string | null,
): StaffOnReceipt | null {
  return username === null ? null : { firstName: firstName || username, employeeNumber };
}

/** Who handled an order (receipts and records): its driver and its preparer, or null for none. */
export function handlingStaff(row: StaffColumns<'driver'> & StaffColumns<'preparer'>): {
  driver: StaffOnReceipt | null;
  preparer: StaffOnReceipt | null;
} {
  return {
    driver: staffOf(row.driver_username, row.driver_first_name, row.driver_employee_number),
    preparer: staffOf(row.preparer_username, row.preparer_first_name, row.preparer_employee_number),
  };
}
