import { Alert, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { useAccess, useRefusal } from '@/lib/access';
import type { LocationSummary } from '@/lib/locations/types';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';
import { permissionLocationsQuery } from '../api/permission-locations';

const nameOf = (l: LocationSummary) => l.prettyName || '';

const COLUMNS: DataColumn<LocationSummary>[] = [
  { id: 'name', header: 'Location Name', value: nameOf },
  { id: 'id', header: 'Location ID', value: (l) => l.id, width: '14rem' },
  {
    id: 'schedule',
    header: 'Schedule',
    value: () => 'Scheduled changes',
    cell: (l) => (
      <RouterLink
        to={`/locations/schedule/${encodeURIComponent(l.id)}`}
        aria-label={`Scheduled changes of ${nameOf(l) || l.id}`}
      >
        Scheduled changes
      </RouterLink>
    ),
    sortable: false,
    exportable: false,
    width: '11rem',
  },
];

/**
 * The related listing of locations (3-planning §2, User permissions): each location's name and id,
 * with a link to its schedule list. Read with the locations list's own call, for a user who may make it.
 */
export function LocationsListing() {
  const headingId = useId();
  const access = useAccess();
  const refusal = useRefusal('locations');
  const query = useQuery({ ...permissionLocationsQuery, enabled: !access.isLoading && !refusal });
  return (
    <section aria-labelledby={headingId}>
      <Heading level={2} id={headingId} marginBottom="0.5rem">
        Locations
      </Heading>
      {refusal ? (
        <Text color="font.secondary">{refusal}</Text>
      ) : query.isError ? (
        <Alert variation="error">{LOAD_LOCATIONS_FAILURE}</Alert>
      ) : (
        <DataTable
          label="Locations"
          noun="locations"
          data={query.data ?? []}
          columns={COLUMNS}
          getRowId={(l) => l.id}
          loading={query.isPending}
          initialSort={{ id: 'name' }}
          filter={{ label: 'Filter locations', placeholder: 'Filter by name or id', columns: ['name', 'id'] }}
          emptyMessage="No locations found"
          height="24rem"
          row={{ height: 36 }}
          exportFileName="locations.csv"
        />
      )}
    </section>
  );
}
