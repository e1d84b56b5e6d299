import type { StaffMember } from '@shared/staff';
import { readQuery } from '@web/lib/read-query';

export type { StaffMember };

export const staffKeys = { all: ['staff'] as const };

/** GET /api/staff: the owner's list of accounts. */
const staffRead = readQuery<StaffMember[]>(staffKeys.all, '/api/staff');

export const getStaff = staffRead.fetch;
export const staffQueryOptions = staffRead.queryOptions;
export const useStaff = staffRead.use;
