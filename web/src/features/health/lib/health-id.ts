/** The id of /locations/health/{...}/{id}: its last path segment (spec §2). */
export function healthIdOf(splat: string | undefined): string {
  const last = (splat ?? '').split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
