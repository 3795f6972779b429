import { useQuery } from '@tanstack/react-query';
import { getLocationServicesStatus } from '../api/get-location-services-status';

export type ServiceState = 'unknown' | 'ok' | 'error';

export const locationServicesQueryKey = ['location-services-status'] as const;

/** Location Services status, re-checked every minute. */
export function useLocationServicesStatus() {
  const query = useQuery({
    queryKey: locationServicesQueryKey,
    queryFn: getLocationServicesStatus,
    refetchInterval: 60_000,
    retry: 1,
  });
  let state: ServiceState = 'unknown';
  if (query.isError) state = 'error';
  else if (query.data) state = query.data.status.toLowerCase() === 'ok' ? 'ok' : 'error';
  return { state, checkedAt: query.data?.checkedAt, error: query.error };
}

const LABEL: Record<ServiceState, string> = { unknown: 'unknown', ok: 'OK', error: 'error' };

export function serviceStatusText(state: ServiceState, checkedAt?: string): string {
  const when = checkedAt ? ` (checked ${new Date(checkedAt).toLocaleTimeString()})` : '';
  return `Location Services: ${LABEL[state]}${state === 'unknown' ? '' : when}`;
}

/** A small coloured icon with a tooltip: grey question mark, green tick or red cross. */
export function LocationServicesIcon({ state, checkedAt }: { state: ServiceState; checkedAt?: string }) {
  const text = serviceStatusText(state, checkedAt);
  return (
    <span className={`status-icon status-${state}`} role="img" aria-label={text} title={text} data-state={state}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7.5" fill="currentColor" />
        {state === 'ok' && <path d="M4.5 8.3l2.2 2.2 4.8-4.9" stroke="#fff" strokeWidth="1.8" fill="none" />}
        {state === 'error' && <path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="#fff" strokeWidth="1.8" />}
        {state === 'unknown' && (
          <text x="8" y="11.8" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
            ?
          </text>
        )}
      </svg>
    </span>
  );
}
