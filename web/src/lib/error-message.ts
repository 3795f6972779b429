import { ApiError, errorMessage } from '@/lib/api';

/** The server's message when there is one (an ApiError), else the fallback (§8). */
export function messageOf(err: unknown, fallback: string): string {
  return errorMessage(err, fallback);
}

/** A write refused because the location changed since it was loaded (its message names who and when). */
export function isConflict(err: unknown): boolean {
  return err instanceof ApiError && (err.errorType === 'Conflict' || err.status === 409);
}
