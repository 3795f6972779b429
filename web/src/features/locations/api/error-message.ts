import { errorMessage } from '@/lib/api';

/** The server's message when there is one (an ApiError), else the fallback (§8). */
export function messageOf(err: unknown, fallback: string): string {
  return errorMessage(err, fallback);
}
