import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex, SearchField, SelectField } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { PageLoader } from '@/components/PageLoader';
import { ScreenLink } from '@/components/ScreenLink';
import { StatusBadge } from '@/components/StatusBadge';
import { useLocationsList } from '@/lib/locations/use-locations-list';
import { useSearchState } from '@/lib/search-state';
import { LIST_STATUSES } from '../lib/constants';
import { allocationOf, NO_FILTERS, visibleLocations, type ListFilters } from '@/lib/locations/list-filter';
import type { LocationSummary } from '../lib/types';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';

const linkStyle = { color: 'var(--amplify-colors-font-interactive)', marginRight: '0.75rem' };

/** The screens of a row; those the user may not open are left out, as in the navigation. */
function Links({ loc }: { loc: LocationSummary }) {
  const id = encodeURIComponent(loc.id);
  return (
    <Flex gap="0" wrap="nowrap">
      <ScreenLink style={linkStyle} to={`/locations/detail/${id}`} aria-label={`Details of ${loc.id}`}>
        Details
      </ScreenLink>
      <ScreenLink style={linkStyle} to={`/locations/inventory/${id}`} aria-label={`Inventory of ${loc.id}`}>
        Inventory
      </ScreenLink>
      <ScreenLink style={linkStyle} to={`/locations/health/${id}`} aria-label={`Health of ${loc.id}`}>
        Health
      </ScreenLink>
    </Flex>
  );
}

const COLUMNS: DataColumn<LocationSummary>[] = [
  { id: 'id', header: 'Id', value: (l) => l.id, width: '12rem', cell: (l) => <strong>{l.id}</strong> },
  { id: 'prettyName', header: 'Name', value: (l) => l.prettyName },
  { id: 'route', header: 'Route', value: (l) => l.route, width: '8rem' },
  { id: 'stop', header: 'Stop', value: (l) => l.stop, width: '5rem' },
  {
    id: 'status',
    header: 'Status',
    value: (l) => l.status,
    width: '7rem',
    cell: (l) => (l.status ? <StatusBadge>{l.status}</StatusBadge> : null),
  },
  { id: 'allocation', header: 'Allocation', value: allocationOf, width: '7rem' },
  { id: 'links', header: 'Open', value: () => '', cell: (l) => <Links loc={l} />, sortable: false, exportable: false },
];

/**
 * /locations/all: the spec's filters and order (list-filter.ts) feed the
 * kit's table, which adds column sorting, the count and Export CSV.
 */
export function LocationsList() {
  const { locations, drivers, refreshing, error, loadOffline } = useLocationsList();
  // In the address, so Back from a location's screen finds the list filtered as it was left.
  const [filters, setFilter] = useSearchState<ListFilters>(NO_FILTERS);
  const visible = useMemo(() => visibleLocations(locations, filters), [locations, filters]);
  // Until the first answer (or the cache) there is nothing to count: a loading state, not '0 of 0 locations'.
  const [refreshed, setRefreshed] = useState(false);
  if (refreshing && !refreshed) setRefreshed(true);
  const arrived = locations.length > 0 || error || (refreshed && !refreshing);

  // OFFLINE locations load on demand, whether chosen here or opened from the address.
  const offline = filters.status.toUpperCase() === 'OFFLINE';
  useEffect(() => {
    if (offline) loadOffline();
  }, [offline, loadOffline]);

  if (!arrived) return <PageLoader label="Loading locations…" />;

  return (
    <Flex direction="column" gap="1rem">
      {error ? <Alert variation="error">{LOAD_LOCATIONS_FAILURE}</Alert> : null}
      <DataTable
        label="Locations"
        noun="locations"
        data={visible}
        total={locations.length}
        columns={COLUMNS}
        getRowId={(l) => l.id}
        row={{ label: (l) => l.id, highlight: (l) => (l.status === 'DEAD' ? 'error' : undefined) }}
        loading={refreshing}
        filter={false}
        emptyMessage="No locations yet."
        exportFileName="locations.csv"
        toolbar={
          <>
            <SearchField
              label="Filter fridges"
              placeholder="Filter fridges"
              value={filters.text}
              onChange={(e) => setFilter('text', e.target.value)}
              onClear={() => setFilter('text', '')}
              hasSearchButton={false}
              width="20rem"
            />
            <SelectField label="Driver" value={filters.driver} onChange={(e) => setFilter('driver', e.target.value)}>
              <option value="">All Drivers</option>
              {drivers.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </SelectField>
            <SelectField label="Status" value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
              <option value="">All Statuses</option>
              {LIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Allocation"
              value={filters.allocation}
              onChange={(e) => setFilter('allocation', e.target.value)}
            >
              <option value="">All Allocations</option>
              <option value="ON">ON</option>
              <option value="OFF">OFF</option>
            </SelectField>
          </>
        }
      />
    </Flex>
  );
}
