import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { jitLocations } from '../api/jit-locations';
import { opsLocationsQuery } from '../api/pars-lookups';
import { MESSAGES } from '../lib/par-groups';
import { todayIn } from '@/components/dates';
import { ScreenLink } from '@/components/ScreenLink';
import { byTextCaseless } from '@/lib/collate';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';
import { RetryAlert } from '@/components/RetryAlert';
import { useSearchState } from '@/lib/search-state';

type Par = { itemName: string; count: number; overCapacityAmount: number };

/** The view's place in its address: the location and date searched (none: not yet). */
const PARS_ADDRESS = { location: '', date: '', filter: '' };
const columns: DataColumn<Par>[] = [
  { id: 'item', header: 'Item', value: (p) => p.itemName },
  { id: 'par', header: 'Par', value: (p) => p.count },
  { id: 'over', header: 'Over Capacity Amount', value: (p) => p.overCapacityAmount },
];

/** /pars/list: the pars of one location on one date (3-planning §2, pars view). */
export function ParsView() {
  // Preloaded with the page (issue 63): the route asks for it beside the user's access.
  const opsLocations = useQuery(opsLocationsQuery());
  // The location and date searched live in the address: Back from the packing slip report shows them again.
  const [where, setWhere] = useSearchState(PARS_ADDRESS);
  const [location, setLocation] = useState(where.location);
  const [date, setDate] = useState(() => where.date || todayIn());
  const asked = where.location && where.date ? { location: where.location, date: where.date } : null;
  // The read the Search button asks for; its failure is the screen's own message.
  const reading = useQuery({
    queryKey: ['pars', 'view', asked],
    queryFn: () => jitLocations(asked!.date, asked!.location),
    enabled: asked !== null,
    retry: false,
    meta: SHOWS_OWN_ERRORS,
  });
  const pars: Par[] | null = reading.data ?? null;
  const failed = reading.isError || (reading.isSuccess && reading.data.length === 0);

  const sorted = useMemo(() => (opsLocations.data ?? []).map((l) => l.id).sort(byTextCaseless), [opsLocations.data]);

  const search = () => {
    if (!location || !date) return;
    // The same search again reads again: the pars may have changed since.
    if (asked && asked.location === location && asked.date === date) void reading.refetch();
    setWhere('location', location);
    setWhere('date', date);
  };

  return (
    <Flex direction="column" gap="1rem">
      <Flex gap="1rem" alignItems="flex-end" wrap="wrap">
        <SelectField
          label="Location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          // Until the ops locations arrive there is nothing to choose: said so, not an empty list.
          placeholder={opsLocations.isPending ? 'Loading locations…' : 'Choose a location'}
          isDisabled={opsLocations.isPending}
          width="16rem"
        >
          {sorted.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </SelectField>
        <DatePicker label="Date" value={date} onChange={setDate} />
        <Button variation="primary" onClick={search} isDisabled={!location || !date} isLoading={reading.isFetching}>
          Search
        </Button>
        <ScreenLink to="/pars/prodreport">Packing slip report</ScreenLink>
      </Flex>
      {/* The locations to choose from failed: said as such, with a retry (not as pars that were not found). */}
      {opsLocations.isError ? (
        <RetryAlert message={LOAD_LOCATIONS_FAILURE} onRetry={() => void opsLocations.refetch()} />
      ) : null}
      {failed ? <Alert variation="error">{MESSAGES.noPars}</Alert> : null}
      {asked && pars && pars.length > 0 ? (
        <DataTable
          label={`Pars of ${asked.location} on ${asked.date}`}
          data={pars}
          columns={columns}
          getRowId={(p) => p.itemName}
          noun="items"
          filter={{ value: where.filter, onChange: (text) => setWhere('filter', text) }}
        />
      ) : null}
    </Flex>
  );
}
