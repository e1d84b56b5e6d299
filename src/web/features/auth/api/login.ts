import type { Session } from '@web/api/get-session';
import { postJson } from '@web/lib/api-client';
import { ERROR_TEXTS, errorMessage } from '@web/lib/error-messages';

export interface LoginInput {
  username: string;
  password: string;
}

export const INVALID_LOGIN_MESSAGE = ERROR_TEXTS.INVALID_CREDENTIALS;

/**
 * POST /api/auth/login: the server checks the credentials and sets an httpOnly session cookie.
 * Its answer is the whole session (sessionResponse: role, permissions, first name), kept as is:
 * the back office draws its panels from it.
 */
export function logIn(input: LoginInput): Promise<Session> {
  return postJson<Session>('/api/auth/login', input);
}

/** The text to show for a failed login: ours for its code, or the server's own words (LOGIN_THROTTLED). */
export function loginErrorMessage(error: unknown): string {
  return errorMessage(error, INVALID_LOGIN_MESSAGE);
}
