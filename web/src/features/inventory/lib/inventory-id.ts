/** The fridge id of /locations/inventory/{...}/{id}: the last path segment, decoded (3-planning §2). */
export function inventoryIdOf(splat: string | undefined): string {
  const last = (splat ?? '').split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
