/** A drop status as the history records it: `{"dropStatus":"Complete","statusReason":"Group Drop"}`. */
interface RecordedStatus {
  dropStatus?: string;
  statusReason?: string;
}

/** AWSJSON may arrive as text or already parsed; a value that does not read shows as it came. */
function read(value: unknown): RecordedStatus | string {
  if (value === null || value === undefined) return {};
  if (typeof value === 'object') return value as RecordedStatus;
  try {
    const parsed: unknown = JSON.parse(String(value));
    return parsed && typeof parsed === 'object' ? (parsed as RecordedStatus) : String(value);
  } catch {
    return String(value);
  }
}

function label(value: unknown): string {
  const v = read(value);
  if (typeof v === 'string') return v;
  const status = v.dropStatus ?? 'Pending';
  return v.statusReason && status !== 'Pending' ? `${status} (${v.statusReason})` : status;
}

/** One change as a line: 'Pending → Complete (Group Drop)'. */
export function changeLine(change: { oldValue?: unknown; newValue?: unknown }): string {
  return `${label(change.oldValue)} → ${label(change.newValue)}`;
}
