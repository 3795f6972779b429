import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
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

type Par = { itemName: string; count: number; overCapacityAmount: number };
const columns: DataColumn<Par>[] = [
  { id: 'item', header: 'Item', value: (p) => p.itemName },
  { id: 'par', header: 'Par', value: (p) => p.count },
  { id: 'over', header: 'Over Capacity Amount', value: (p) => p.overCapacityAmount },
];

/** /pars/list: the pars of one location on one date (3-planning §2, pars view). */
export function ParsView() {
  // Preloaded with the page (issue 63): the route asks for it beside the user's access.
  const opsLocations = useQuery(opsLocationsQuery());
  const [location, setLocation] = useState('');
  const [date, setDate] = useState(() => todayIn());
  const [pars, setPars] = useState<Par[] | null>(null);
  const [failed, setFailed] = useState(false);
  // A read run by the Search button; its failure is the screen's own message.
  const reading = useMutation({
    mutationFn: (asked: { date: string; location: string }) => jitLocations(asked.date, asked.location),
    meta: SHOWS_OWN_ERRORS,
  });

  const sorted = useMemo(() => (opsLocations.data ?? []).map((l) => l.id).sort(byTextCaseless), [opsLocations.data]);

  const search = async () => {
    if (!location || !date) return;
    setFailed(false);
    try {
      const found = await reading.mutateAsync({ date, location });
      setPars(found);
      setFailed(found.length === 0);
    } catch {
      setPars(null);
      setFailed(true);
    }
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
        <Button
          variation="primary"
          onClick={() => void search()}
          isDisabled={!location || !date}
          isLoading={reading.isPending}
        >
          Search
        </Button>
        <ScreenLink to="/pars/prodreport">Packing slip report</ScreenLink>
      </Flex>
      {/* The locations to choose from failed: said as such, with a retry (not as pars that were not found). */}
      {opsLocations.isError ? (
        <RetryAlert message={LOAD_LOCATIONS_FAILURE} onRetry={() => void opsLocations.refetch()} />
      ) : null}
      {failed ? <Alert variation="error">{MESSAGES.noPars}</Alert> : null}
      {pars && pars.length > 0 ? (
        <DataTable
          label={`Pars of ${location} on ${date}`}
          data={pars}
          columns={columns}
          getRowId={(p) => p.itemName}
          noun="items"
        />
      ) : null}
    </Flex>
  );
}
