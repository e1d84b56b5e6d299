import type { Kysely } from 'kysely';
import {
  LAST_OWNER_MESSAGE,
  type NewStaffInput,
  type StaffChangeInput,
  type StaffMember,
} from '../../../shared/staff';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { busEvent, type DomainEvent, type Outcome } from '../../events/bus';
import { HttpError } from '../../http/errors';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import * as repo from './repo';

type StaffRow = Awaited<ReturnType<typeof repo.listStaffRows>>[number];

function staffFromRow(row: StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    firstName: row.first_name,
    employeeNumber: row.employee_number ?? '',
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  return (await repo.listStaffRows(db)).map(staffFromRow);
}

const notFound = () => new HttpError(404, { error: 'Staff member not found', code: 'NOT_FOUND' });

async function checkEmployeeNumberIsFree(db: Kysely<Database>, number: string, ownId?: number) {
  const holder = await repo.findStaffByEmployeeNumber(db, number);
  if (holder && holder.id !== ownId)
    throw new HttpError(409, {
      error: `Employee number ${number} belongs to ${holder.username}`,
      code: 'EMPLOYEE_NUMBER_TAKEN',
    });
}

export async function addStaff(
  db: Db,
  input: NewStaffInput,
  actor: Actor,
): Promise<Outcome<StaffMember>> {
  const passwordHash = await hashPassword(input.password);
  return db.kysely.transaction().execute(async (trx) => {
    if (await repo.findStaffByUsername(trx, input.username))
      throw new HttpError(409, {
        error: `The username ${input.username} is taken`,
        code: 'USERNAME_TAKEN',
      });
    await checkEmployeeNumberIsFree(trx, input.employeeNumber);
    const { id } = await repo.insertStaff(trx, {
      username: input.username,
      password_hash: passwordHash,
      role: input.role,
      first_name: input.firstName,
      employee_number: input.employeeNumber,
      created_at: new Date().toISOString(),
    });
    await recordChange(trx, actor, { action: 'created', entity: 'users', entityId: id });
    const row = await repo.findStaffRow(trx, id);
    return { value: staffFromRow(row!), events: [] };
  });
}

const onlyThePassword = (change: StaffChangeInput) =>
  Object.entries(change).every(([key, value]) => key === 'password' || value === undefined) &&
  Boolean(change.password);

/**
 * Changes an account. A new role, a disabled account or a new password ends every session
 * the account holds, on REST at once and on sockets through the bus; the shop always keeps
 * one active owner.
 */
export async function changeStaff(
  db: Db,
  id: number,
  change: StaffChangeInput,
  actor: Actor,
): Promise<Outcome<StaffMember>> {
  const passwordHash = change.password ? await hashPassword(change.password) : undefined;
  return db.kysely.transaction().execute(async (trx) => {
    await repo.serialiseStaffChanges(trx, db.dialect);
    // the whole row for the audit entry (its hash shows as changed, never its value)
    const stored = await rowBefore(trx, 'users', id, db.dialect);
    const before = await repo.findStaffRow(trx, id);
    if (!stored || !before) throw notFound();
    const demoted = change.role !== undefined && change.role !== 'owner';
    const disabling = change.disabled === true;
    if (before.role === 'owner' && (demoted || disabling)) {
      if ((await repo.countOtherActiveOwners(trx, id)) === 0)
        throw new HttpError(409, { error: LAST_OWNER_MESSAGE, code: 'LAST_OWNER' });
    }
    if (change.employeeNumber) await checkEmployeeNumberIsFree(trx, change.employeeNumber, id);
    await repo.updateStaff(trx, id, {
      role: change.role,
      first_name: change.firstName,
      employee_number: change.employeeNumber,
      password_hash: passwordHash,
      ...(change.disabled === undefined
        ? {}
        : {
            disabled_at: change.disabled ? (before.disabled_at ?? new Date().toISOString()) : null,
          }),
    });
    const roleChanged = change.role !== undefined && change.role !== before.role;
    const events: DomainEvent[] = [];
    if (roleChanged || disabling || passwordHash) {
      const sessionIds = await repo.deleteSessionsOf(trx, id);
      if (sessionIds.length > 0) events.push(busEvent('dealer-sessions-ended', { sessionIds }));
    }
    const action = onlyThePassword(change) ? 'password reset' : 'changed';
    await recordChange(trx, actor, { action, entity: 'users', entityId: id, before: stored });
    const after = await repo.findStaffRow(trx, id);
    return { value: staffFromRow(after!), events };
  });
}
