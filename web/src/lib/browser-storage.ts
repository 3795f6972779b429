/**
 * The console's browser storage. Cached server answers (the locations cache,
 * ops locations...) live under `fleet-console.` and are cleared at sign-out, so
 * the next user of the browser sees nothing of the last one. Preferences the
 * spec keeps in the browser (the dashboard filters) are kept per user under
 * `fleet-console.prefs.<user>.`, and survive sign-out.
 */
export const STORAGE_PREFIX = 'fleet-console.';
const PREFS_PREFIX = `${STORAGE_PREFIX}prefs.`;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes every cached answer of the console, keeping per-user preferences. */
export function clearCachedAnswers(storage: StorageLike | null = browserStorage()): void {
  if (!storage) return;
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(STORAGE_PREFIX) && !key.startsWith(PREFS_PREFIX)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** The storage key of preference `name` for `user` (the Cognito sub). */
export function prefKey(user: string, name: string): string {
  return `${PREFS_PREFIX}${user}.${name}`;
}

/** Reads a user's preference; `fallback` when absent, unreadable or the user is unknown. */
export function readPref<T>(user: string, name: string, fallback: T, storage = browserStorage()): T {
  if (!storage || !user) return fallback;
  try {
    const text = storage.getItem(prefKey(user, name));
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

export function writePref<T>(user: string, name: string, value: T, storage = browserStorage()): void {
  if (!storage || !user) return;
  try {
    storage.setItem(prefKey(user, name), JSON.stringify(value));
  } catch {
    // Storage full or disabled: the preference lasts for this page only.
  }
}
