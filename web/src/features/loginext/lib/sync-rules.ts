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
  hourCycle: 'h23',
});

/** Whether no sync may start at `now`: 17:30 up to, not including, 17:50 on the Central wall clock. */
export function syncBlocked(now: Date): boolean {
  const parts = Object.fromEntries(centralClock.formatToParts(now).map((p) => [p.type, p.value]));
  const at = Number(parts.hour) * 60 + Number(parts.minute);
  return at >= minutes(LOGINEXT.blockFrom) && at < minutes(LOGINEXT.blockUntil);
}

const DAY_MS = 86_400_000;

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
