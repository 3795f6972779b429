import { ApiError } from '@/lib/api';

/** The server's message when there is one, else the fallback (§8). */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError && typeof err.message === 'string' && err.message.trim() !== '') {
    return err.message;
  }
  return fallback;
}
