import rules from '@/generated/rules.json';

/** The server's LogiNext rules and messages (2-fleet §5, §8; one definition: rules.json). */
export const LOGINEXT = rules.loginext;

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const centralClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Milliseconds into the Central wall-clock day (Central offsets are whole minutes: the ms carry over). */
function centralDayMs(now: Date): number {
  const parts = Object.fromEntries(centralClock.formatToParts(now).map((p) => [p.type, p.value]));
  return (
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + now.getUTCMilliseconds()
  );
}

/** Whether no sync may start at `now`: 17:30 up to, not including, 17:50 on the Central wall clock. */
export function syncBlocked(now: Date): boolean {
  const at = Math.floor(centralDayMs(now) / 60_000);
  return at >= minutes(LOGINEXT.blockFrom) && at < minutes(LOGINEXT.blockUntil);
}

const DAY_MS = 86_400_000;

/** How long before the window the screen counts down to it. */
export const COUNTDOWN_MS = 10 * 60_000;

/** Milliseconds from `now` until the next window starts; 0 inside one. */
export function msUntilBlock(now: Date): number {
  if (syncBlocked(now)) return 0;
  const at = centralDayMs(now);
  const from = minutes(LOGINEXT.blockFrom) * 60_000;
  return at < from ? from - at : DAY_MS - at + from;
}

/** '5:30pm' of '17:30'. */
function twelveHour(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** Said beside Sync all day: the window, from the rules. */
export const WINDOW_NOTE = `No sync can start from ${twelveHour(LOGINEXT.blockFrom)} to ${twelveHour(
  LOGINEXT.blockUntil,
)} CT, while all LogiNext routes are being synced.`;

/** The countdown of the last minutes before the window: 'Syncs stop in 9:59.' (minutes:seconds, rounded up). */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `Syncs stop in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.`;
}

/** The rules' messages for a request; none when it may be sent. Dates are 'YYYY-MM-DD'; `today` is Central. */
export function syncProblems(start: string, end: string, centers: readonly string[], today: string): string[] {
  const problems: string[] = [];
  if (start && end && end < start) problems.push(LOGINEXT.endBeforeStart);
  if ((start && start < today) || (end && end < today)) problems.push(LOGINEXT.beforeToday);
  if (start && end && end >= start) {
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS;
    if (days >= LOGINEXT.maxSpanDays) problems.push(LOGINEXT.spanTooLong);
  }
  if (!centers.some((c) => c !== LOGINEXT.excludedCenter)) problems.push(LOGINEXT.noCenter);
  return problems;
}

/** The centers offered: never 'Does Not Exist'. */
export const offeredCenters = (centers: readonly string[]) => centers.filter((c) => c !== LOGINEXT.excludedCenter);

/** The screen's error text of a failed sync (§8). */
export const syncError = (message: string) => `${LOGINEXT.errorPrefix}${message}`;
