import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '../src/shared/staff';
import type { TestApp } from './harness';

export const STAFF_PASSWORD = 'a-long-staff-password';

let employees = 100;
let addresses = 0;

/** Logs in from an address of its own, so the login throttle stays out of the way. */
export async function logIn(t: TestApp, username: string, password = STAFF_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  });
}

export function cookieOf(login: LightMyRequestResponse): string {
  const token = login.cookies.find((c) => c.name === 'canopy_dealer')?.value;
  if (!token) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return `canopy_dealer=${token}`;
}

export type Send = (
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export function sender(t: TestApp, cookie: string): Send {
  return (method, url, payload) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { cookie },
    });
}

/** The owner adds a member of staff with this role, who then signs in. */
export async function staffClient(
  t: TestApp,
  owner: { send: Send },
  role: StaffRole,
  name: string = role,
) {
  const username = `${name}-${++employees}`;
  const created = await owner.send('POST', '/api/staff', {
    username,
    password: STAFF_PASSWORD,
    role,
    firstName: name[0]!.toUpperCase() + name.slice(1),
    employeeNumber: `E-${employees}`,
  });
  if (created.statusCode !== 201) throw new Error(`staff not added: ${created.body}`);
  const cookie = cookieOf(await logIn(t, username));
  return { id: created.json().id as number, username, cookie, send: sender(t, cookie) };
}
