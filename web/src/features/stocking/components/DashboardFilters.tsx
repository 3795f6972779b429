import { useId } from 'react';
import { Alert, Button, CheckboxField, Flex, Loader, SelectField, Text, View } from '@aws-amplify/ui-react';
import { DatePicker } from '@/components/DatePicker';
import type { RouteOption } from '../api/route-options';
import {
  MARKETS,
  MAX_ROUTES,
  REGIONS,
  routesInArea,
  routesToSearch,
  type Area,
  type StoredFilters,
} from '../lib/filters';

export interface DashboardFiltersProps {
  value: StoredFilters;
  onChange: (value: StoredFilters) => void;
  onSearch: () => void;
  /** The date's routes; undefined while they load or when they cannot be listed. */
  routeOptions: RouteOption[] | undefined;
  routeOptionsLoading: boolean;
  /** Why the routes are not listed (a failure, or no access to route stops). */
  routeOptionsNote?: string;
}

/** The routes box's height: about six rows of routes, scrolled beyond that. */
const ROUTES_BOX_HEIGHT = '10rem';

/** The dashboard's filters (2-fleet §2.4): Drop Off Date, Region, Market, Routes and Search. */
export function DashboardFilters({
  value,
  onChange,
  onSearch,
  routeOptions,
  routeOptionsLoading,
  routeOptionsNote,
}: DashboardFiltersProps) {
  const routesId = useId();
  const shown = routesInArea(routeOptions ?? [], value.region, value.market).map((r) => r.route);
  const chosen = new Set(value.routes);
  const set = (patch: Partial<StoredFilters>) => onChange({ ...value, ...patch });
  const toggle = (route: string, on: boolean) =>
    set({ routes: on ? [...value.routes, route] : value.routes.filter((r) => r !== route) });
  const tooMany = routesToSearch(value.routes, routeOptions, value.region, value.market).length > MAX_ROUTES;

  return (
    <form
      aria-label="Dashboard filters"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.dropOffDate && !tooMany) onSearch();
      }}
    >
      <Flex direction="column" gap="1rem" maxWidth="48rem">
        <Flex gap="1rem" wrap="wrap" alignItems="flex-end">
          <DatePicker
            label="Drop Off Date"
            value={value.dropOffDate}
            onChange={(dropOffDate) => set({ dropOffDate })}
            timeZoneLabel="CT"
            required
          />
          <SelectField
            label="Region"
            value={value.region}
            onChange={(e) => set({ region: e.target.value as Area })}
            width="8rem"
          >
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Market"
            value={value.market}
            onChange={(e) => set({ market: e.target.value as Area })}
            width="8rem"
          >
            {MARKETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
        </Flex>
        <fieldset aria-describedby={`${routesId}-hint`} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>Routes</legend>
          <Flex gap="0.5rem" alignItems="center" wrap="wrap">
            <Button
              size="small"
              onClick={() => set({ routes: [...new Set([...value.routes, ...shown])] })}
              isDisabled={shown.length === 0}
            >
              Select ALL
            </Button>
            <Button size="small" onClick={() => set({ routes: [] })} isDisabled={value.routes.length === 0}>
              Deselect ALL
            </Button>
            <Text id={`${routesId}-hint`} fontSize="small" color="font.secondary">
              {value.routes.length === 0
                ? 'No route chosen: every route of the date is shown.'
                : `${value.routes.length} ${value.routes.length === 1 ? 'route' : 'routes'} chosen.`}
            </Text>
          </Flex>
          {/* One fixed-height box whatever it holds (loading, a note, the list), so that Search does not move
              under the pointer when a date's routes arrive. */}
          <View className="route-options" marginTop="0.5rem" height={ROUTES_BOX_HEIGHT} style={{ overflowY: 'auto' }}>
            {routeOptionsLoading ? (
              <Flex alignItems="center" gap="0.5rem" padding="0.5rem 0" role="status">
                <Loader />
                <Text>Loading the date&apos;s routes…</Text>
              </Flex>
            ) : routeOptionsNote ? (
              <Text fontSize="small" padding="0.5rem 0">
                {routeOptionsNote}
              </Text>
            ) : shown.length === 0 ? (
              <Text fontSize="small" padding="0.5rem 0">
                {value.dropOffDate ? `No routes on ${value.dropOffDate} in this region and market.` : 'Pick a date.'}
              </Text>
            ) : (
              <View
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
                  gap: '0.25rem 1rem',
                }}
              >
                {shown.map((route) => (
                  <CheckboxField
                    key={route}
                    name="routes"
                    value={route}
                    label={route}
                    checked={chosen.has(route)}
                    onChange={(e) => toggle(route, e.target.checked)}
                  />
                ))}
              </View>
            )}
          </View>
        </fieldset>
        {tooMany ? (
          <Alert variation="warning">
            At most {MAX_ROUTES} routes can be chosen at once; choose fewer or none (every route).
          </Alert>
        ) : null}
        <Flex>
          <Button type="submit" variation="primary" isDisabled={!value.dropOffDate || tooMany}>
            Search
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
