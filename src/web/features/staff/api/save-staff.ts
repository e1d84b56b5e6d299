import type { NewStaffInput, StaffChangeInput, StaffMember } from '@shared/staff';
import { sendJson } from '@web/lib/api-client';

export function addStaff(body: NewStaffInput): Promise<StaffMember> {
  return sendJson<StaffMember>('POST', '/api/staff', body);
}

export function changeStaff(id: number, change: StaffChangeInput): Promise<StaffMember> {
  return sendJson<StaffMember>('PATCH', `/api/staff/${id}`, change);
}
