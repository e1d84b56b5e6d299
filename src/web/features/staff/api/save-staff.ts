import type { NewStaffInput, StaffChangeInput, StaffMember } from '@shared/staff';
import { apiFetch } from '@web/lib/api-client';

export function addStaff(body: NewStaffInput): Promise<StaffMember> {
  return apiFetch<StaffMember>('/api/staff', { method: 'POST', body: JSON.stringify(body) });
}

export function changeStaff(id: number, change: StaffChangeInput): Promise<StaffMember> {
  return apiFetch<StaffMember>(`/api/staff/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(change),
  });
}
