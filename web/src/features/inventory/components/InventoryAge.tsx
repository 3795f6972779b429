import { useEffect, useState } from 'react';
import { Text } from '@aws-amplify/ui-react';
import { AGE_REFRESH_MS, inventoryAgeText } from '../lib/inventory-age';

/** The current time, re-read every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** 'Inventory as of N minutes ago', recomputed as time passes (3-planning §2, §4). */
export function InventoryAge({ timestamp }: { timestamp: string | null }) {
  const now = useNow(AGE_REFRESH_MS);
  const text = inventoryAgeText(timestamp, now);
  if (!text || !timestamp) return null;
  return (
    <Text as="p" margin="0" color="font.secondary" data-testid="inventory-age">
      <time dateTime={timestamp} title={new Date(timestamp).toLocaleString()}>
        {text}
      </time>
    </Text>
  );
}
