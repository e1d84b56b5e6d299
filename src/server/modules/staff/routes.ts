import { z } from 'zod';
import { newStaffSchema, staffChangeSchema, staffMemberResponse } from '../../../shared/staff';
import { published } from '../../events/publish';
import { idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { addStaff, changeStaff, listStaff } from './service';

const INVALID_STAFF = 'Invalid staff member';
const staffOnly = { staffOnly: true, permission: 'staff' } as const;
const staffWrite = { ...staffOnly, auditedByService: true };

/** The owner's Staff screen. */
export async function staffRoutes(app: ApiApp): Promise<void> {
  const list = { config: staffOnly, schema: { response: { 200: z.array(staffMemberResponse) } } };
  app.get('/api/staff', list, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listStaff(app.db.kysely);
  });

  const body = withSummary(newStaffSchema, INVALID_STAFF);
  const create = { config: staffWrite, schema: { body, response: { 201: staffMemberResponse } } };
  app.post('/api/staff', create, async (request, reply) => {
    const member = published(app, await addStaff(app.db, request.body, actorOf(request)));
    return reply.status(201).send(member);
  });

  const params = withSummary(idParams, 'Invalid staff id');
  const changes = withSummary(staffChangeSchema, INVALID_STAFF);
  const update = {
    config: staffWrite,
    schema: { params, body: changes, response: { 200: staffMemberResponse } },
  };
  app.patch('/api/staff/:id', update, async (request) =>
    published(app, await changeStaff(app.db, request.params.id, request.body, actorOf(request))),
  );
}
