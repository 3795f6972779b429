import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Badge, Flex, Loader, SearchField, SelectField, Text, View } from '@aws-amplify/ui-react';
import { useLocationsList } from '../api/use-locations-list';
import { LIST_STATUSES, MESSAGES } from '../lib/constants';
import { allocationOf, NO_FILTERS, visibleLocations, type ListFilters } from '../lib/list-filter';
import type { LocationSummary } from '../lib/types';

const ROW_HEIGHT = 56;

const linkStyle = { color: 'var(--amplify-colors-font-interactive)', marginRight: '0.75rem' };

function Entry({ loc }: { loc: LocationSummary }) {
  const id = encodeURIComponent(loc.id);
  const allocation = allocationOf(loc);
  return (
    <Flex
      role="listitem"
      aria-label={loc.id}
      alignItems="center"
      gap="1rem"
      height={`${ROW_HEIGHT}px`}
      paddingInline="0.75rem"
      style={{ borderBottom: '1px solid var(--amplify-colors-border-secondary)' }}
    >
      <Text fontWeight="bold" width="12rem" style={{ flexShrink: 0 }}>
        {loc.id}
      </Text>
      <Text flex="1" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={loc.prettyName ?? ''}>
        {loc.prettyName ?? ''}
      </Text>
      <Text width="8rem" style={{ flexShrink: 0 }} title="Route">
        {loc.route ?? ''}
      </Text>
      <Badge
        variation={loc.status === 'LIVE' ? 'success' : loc.status === 'DEAD' ? 'error' : undefined}
        style={{ flexShrink: 0, width: '5.5rem', justifyContent: 'center' }}
      >
        {loc.status ?? ''}
      </Badge>
      <Text width="7rem" style={{ flexShrink: 0 }}>
        Allocation {allocation}
      </Text>
      <Flex style={{ flexShrink: 0 }} gap="0">
        <RouterLink style={linkStyle} to={`/locations/detail/${id}`} aria-label={`Details of ${loc.id}`}>
          Details
        </RouterLink>
        <RouterLink style={linkStyle} to={`/locations/inventory/${id}`} aria-label={`Inventory of ${loc.id}`}>
          Inventory
        </RouterLink>
        <RouterLink style={linkStyle} to={`/locations/health/${id}`} aria-label={`Health of ${loc.id}`}>
          Health
        </RouterLink>
      </Flex>
    </Flex>
  );
}

export function LocationsList() {
  const { locations, drivers, refreshing, error, loadOffline } = useLocationsList();
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const visible = useMemo(() => visibleLocations(locations, filters), [locations, filters]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const setFilter = (key: keyof ListFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    if (key === 'status' && value === 'OFFLINE') loadOffline();
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  };

  return (
    <Flex direction="column" gap="1rem">
      {error ? <Alert variation="error">{MESSAGES.loadLocationsFailure}</Alert> : null}
      <Flex gap="1rem" wrap="wrap" alignItems="flex-end">
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
      </Flex>

      <Flex alignItems="center" gap="0.75rem" minHeight="1.5rem">
        <Text role="status" aria-live="polite">
          {visible.length} of {locations.length} locations
        </Text>
        {refreshing ? (
          <Flex alignItems="center" gap="0.5rem" aria-label="Refreshing locations">
            <Loader size="small" />
            <Text fontSize="small">Refreshing…</Text>
          </Flex>
        ) : null}
      </Flex>

      <View
        ref={scrollRef}
        height="70vh"
        overflow="auto"
        style={{ border: '1px solid var(--amplify-colors-border-secondary)', borderRadius: '6px' }}
      >
        <div role="list" aria-label="Locations" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={visible[item.index].id}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <Entry loc={visible[item.index]} />
            </div>
          ))}
        </div>
        {visible.length === 0 && !refreshing ? (
          <Text padding="1rem" color="font.tertiary">
            No locations match the filters.
          </Text>
        ) : null}
      </View>
    </Flex>
  );
}
