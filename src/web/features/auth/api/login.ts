import type { Session } from '@web/api/get-session';
import { ApiError, postJson } from '@web/lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
}

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

/** POST /api/auth/login: the server checks the credentials and sets an httpOnly session cookie. */
export async function logIn(input: LoginInput): Promise<Session> {
  const answer = await postJson<{ authenticated: boolean; username: string }>(
    '/api/auth/login',
    input,
  );
  return { authenticated: answer.authenticated, username: answer.username };
}

/** The text to show for a failed login: the 401 text, or the server's own words (429 etc.). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return INVALID_LOGIN_MESSAGE;
    return error.serverMessage ?? INVALID_LOGIN_MESSAGE;
  }
  return INVALID_LOGIN_MESSAGE;
}
