import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { useLocationRoutes, type RouteStop } from '../api/location-routes';
import { useRouteAssignments } from '../api/route-assignments';
import { useRouteDriverChoices } from '../api/route-driver-choices';
import { DriverRequests } from '../lib/driver-requests';
import { choiceLabel, LOAD_CHOICES_FAILURE, LOAD_DRIVERS_FAILURE } from '../lib/route-drivers';
import {
  inRegion,
  NO_ROUTES,
  REGIONS,
  routeColour,
  routeSummary,
  routeTotals,
  usDate,
  type Region,
} from '../lib/route-table';
import { CHECK_INTERNET_AND_PERMISSIONS } from '@/lib/messages';
import { errorMessage } from '@/lib/api';
import { useAccess } from '@/lib/access';
import { useSearchState } from '@/lib/search-state';
import { RouteClaimsSetting } from './RouteClaimsSetting';
import { RouteDriver } from './RouteDriver';
import { RouteDriverHistoryDialog } from './RouteDriverHistoryDialog';
import { todayIn } from '@/components/dates';

// The spec's six columns (1-locations §2.7); the route is each group's header, not a column.
const columns: DataColumn<RouteStop>[] = [
  { id: 'date', header: 'Date', value: (s) => usDate(s.stockingDate), sortable: false },
  { id: 'region', header: 'Region', value: (s) => s.market },
  { id: 'stop', header: 'Stop', value: (s) => s.stop },
  {
    id: 'location',
    header: 'Location',
    value: (s) => s.id,
    cell: (s) => (
      <RouterLink to={`/locations/detail/${encodeURIComponent(s.id)}`} style={{ color: 'inherit' }}>
        {s.id}
      </RouterLink>
    ),
  },
  { id: 'totes', header: 'Tote Count', value: (s) => s.toteCountPerStop ?? 0 },
  { id: 'type', header: 'Stop Type', value: (s) => s.stopType },
];

// Printing hands the dispatcher the table alone, every row, no scrolling.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #routes-print, #routes-print * { visibility: visible; }
  #routes-print { position: absolute; left: 0; top: 0; width: 100%; }
  #routes-print .no-print { display: none !important; }
  #routes-print div { max-height: none !important; overflow: visible !important; }
}`;

/** The view's place in its address: a date (YYYY-MM-DD; none: today), a region and the table's text filter. */
const ROUTES_VIEW_DEFAULTS = { date: '', region: 'ALL', filter: '' };

/** /locations/view_routes: the stops of a date, grouped per route with SUMMARY rows (1-locations §2.7). */
export function RoutesByDate() {
  // In the address, so Back from a location's screen finds the same day and region (no date there: today).
  const [where, setWhere] = useSearchState(ROUTES_VIEW_DEFAULTS);
  // The field's own value: a date being typed (empty while a part is missing) is not snapped back to today.
  const [date, setPicked] = useState(() => where.date || todayIn());
  const setDate = (d: string) => {
    setPicked(d);
    if (d) setWhere('date', d);
  };
  const region = (REGIONS as readonly string[]).includes(where.region) ? (where.region as Region) : 'ALL';
  const setRegion = (r: Region) => setWhere('region', r);
  const routes = useLocationRoutes(date);
  const shown = useMemo(() => inRegion(routes.data ?? [], region), [routes.data, region]);
  // The SUMMARY counts a route's every stop, whatever the Filter box leaves in view.
  const totals = useMemo(() => routeTotals(shown), [shown]);
  // Who drives each route that day (issue 38), under each route's header.
  const assignments = useRouteAssignments(date);
  const driverOf = useMemo(() => new Map((assignments.data ?? []).map((a) => [a.route, a])), [assignments.data]);
  // The e-mail field's suggestions: every user who may drive (issue 59), for those who may assign.
  // Loading or failed, the list is empty and the field still takes a typed e-mail.
  const { canCall } = useAccess();
  const choices = useRouteDriverChoices(canCall('routeDriverChoices'));
  const emailsListId = useId();
  // Each route's pending change, kept across retries for the whole visit (dates and regions come and go).
  const [requests] = useState(() => new DriverRequests());
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  return (
    <Flex direction="column" gap="1rem">
      <style>{PRINT_CSS}</style>
      <Flex gap="1rem" alignItems="flex-end" wrap="wrap">
        <DatePicker label="Date" value={date} onChange={setDate} descriptiveText="MM/DD/YYYY" />
        <SelectField label="Region" value={region} onChange={(e) => setRegion(e.target.value as Region)} width="10rem">
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <Button onClick={() => window.print()} isDisabled={shown.length === 0}>
          Print for drivers
        </Button>
      </Flex>
      {/* The office's setting (issue 59): whether a driver may take a route that has none. */}
      <RouteClaimsSetting />
      {routes.isError ? (
        <Alert variation="error" heading="Routes could not be loaded">
          {errorMessage(routes.error, CHECK_INTERNET_AND_PERMISSIONS)}
        </Alert>
      ) : null}
      {assignments.isError ? (
        <Alert variation="error" heading="Drivers could not be loaded">
          {errorMessage(assignments.error, LOAD_DRIVERS_FAILURE)}{' '}
          <Button size="small" onClick={() => void assignments.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {choices.isError ? (
        <Alert variation="warning" heading="Drivers to choose from could not be loaded">
          {LOAD_CHOICES_FAILURE}{' '}
          <Button size="small" onClick={() => void choices.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      <datalist id={emailsListId}>
        {(choices.data ?? []).map((c) => (
          <option key={c.sub} value={c.email} label={choiceLabel(c)} />
        ))}
      </datalist>
      <div id="routes-print">
        <DataTable
          label={`Routes on ${date ? usDate(date) : ''}`}
          exportFileName={`routes-${date ?? ''}${region === 'ALL' ? '' : `-${region}`}.csv`}
          data={shown}
          columns={columns}
          getRowId={(s) => `${s.route}#${s.stop}`}
          row={{
            label: (s) => `Route ${s.route} stop ${s.stop}`,
            style: (s) => (s.stopType === 'REMOVAL' ? { fontWeight: 700 } : undefined),
          }}
          loading={routes.isFetching}
          emptyMessage={NO_ROUTES}
          noun="stops"
          filter={{ value: where.filter, onChange: (text) => setWhere('filter', text) }}
          height="none"
          initialSort={{ id: 'stop' }}
          groups={{
            of: (s) => s.route,
            header: (route) => `ROUTE: ${route}`,
            detail: (route) =>
              date ? (
                <RouteDriver
                  key={`${date}#${route}`}
                  date={date}
                  route={route}
                  assignment={driverOf.get(route)}
                  loaded={assignments.isSuccess}
                  failed={assignments.isError}
                  emailsListId={emailsListId}
                  requests={requests}
                  onHistory={() => setHistoryOf(route)}
                />
              ) : null,
            footer: (route, stops) => routeSummary(totals.get(route) ?? { stops: 0, totes: 0 }, stops.length),
            background: routeColour,
          }}
        />
      </div>
      {historyOf && date ? (
        <RouteDriverHistoryDialog date={date} route={historyOf} onClose={() => setHistoryOf(null)} />
      ) : null}
    </Flex>
  );
}
