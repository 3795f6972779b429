import { Flex, SelectField } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { centralTime } from '@/lib/central-time';
import { getRouteTemperatures, type TemperatureRow } from '../api/get-route-temperatures';
import { RangeReport, type RangeFilters } from '../components/RangeReport';
import { FridgeLink } from '../components/ReportParts';
import { distinct, REPORTS, tooWarm } from '../lib/report-rules';

const ALL_ROUTES = 'All routes in this time range';
/** The filter's default: every route. */
const TEMPERATURE_FILTERS = { route: '' };
const time = (r: TemperatureRow) => centralTime(new Date(r.DateTime * 1000).toISOString());

const columns: DataColumn<TemperatureRow>[] = [
  { id: 'location', header: 'Location', value: (r) => r.Location, cell: (r) => <FridgeLink id={r.Location} /> },
  { id: 'time', header: 'Time (CT)', value: time },
  {
    id: 'temperature',
    header: 'Temperature (°F)',
    value: (r) => r.Temperature,
    // Not by colour alone: the words say it too.
    cell: (r) =>
      tooWarm(r.Temperature) ? (
        <strong>
          {r.Temperature} (above {REPORTS.temperatureHighlight})
        </strong>
      ) : (
        r.Temperature
      ),
  },
  { id: 'route', header: 'Assigned Route', value: (r) => r.assignedRoute ?? '' },
  { id: 'kind', header: 'Kind', value: (r) => r.Kind },
];

interface TemperaturesProps {
  rows: TemperatureRow[];
  refreshing: boolean;
  filters: RangeFilters<typeof TEMPERATURE_FILTERS>;
}

function Temperatures({ rows, refreshing, filters }: TemperaturesProps) {
  const { route } = filters.values;
  const routes = distinct(rows.map((r) => r.assignedRoute));
  const shown = route ? rows.filter((r) => r.assignedRoute === route) : rows;
  return (
    <Flex direction="column" gap="0.75rem">
      <SelectField label="Route" value={route} onChange={(e) => filters.set('route', e.target.value)} width="18rem">
        <option value="">{ALL_ROUTES}</option>
        {routes.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <DataTable
        data={shown}
        total={rows.length}
        columns={columns}
        getRowId={(r) => `${r.Kind}#${r.Location}#${r.occurredAt}#${r.stockingIndex ?? ''}`}
        row={{
          label: (r) => `${r.Location} at ${time(r)}${r.Kind === 'Van' ? ', in the van' : ''}`,
          highlight: (r) => (tooWarm(r.Temperature) ? 'error' : undefined),
        }}
        label="Route temperatures"
        exportFileName="route-temperatures.csv"
        noun="readings"
        loading={refreshing}
        initialSort={{ id: 'time', desc: true }}
        emptyMessage={REPORTS.noData}
        filter={filters.table}
      />
    </Flex>
  );
}

/**
 * /reports/routetemperatures — temperatures drivers read at their stops and in
 * their vans (3-planning §2; the Kind column, issue 39).
 */
export default function RouteTemperatures() {
  return (
    <Page title="Route Temperatures">
      <RangeReport
        name="route-temperatures"
        noun="route temperatures"
        fetch={getRouteTemperatures}
        filters={TEMPERATURE_FILTERS}
      >
        {(rows, refreshing, _range, filters) => <Temperatures rows={rows} refreshing={refreshing} filters={filters} />}
      </RangeReport>
    </Page>
  );
}
