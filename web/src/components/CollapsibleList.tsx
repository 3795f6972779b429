import { useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type ExpandedState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Flex, Text, View } from '@aws-amplify/ui-react';

/** Past this many panels only the ones in view are in the DOM (as the DataTable's rows). */
export const VIRTUALIZE_PANELS_AFTER = 200;

export interface CollapsibleListProps<T> {
  items: T[];
  getKey: (item: T) => string;
  /** Accessible name of the list. */
  label: string;
  /** The panel's title, inside its expand/collapse button. */
  title: (item: T) => ReactNode;
  /** More of the header, beside the button (links, badges). */
  headerExtra?: (item: T) => ReactNode;
  /** The panel's content; rendered only while the panel is open. */
  body: (item: T) => ReactNode;
  /** Height of the scrolling area. */
  height?: string;
  /** Height of a closed panel (px), before it is measured. */
  estimateSize?: number;
  emptyMessage?: string;
}

const toggleStyle: CSSProperties = {
  background: 'none',
  border: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.5rem 0',
};

/**
 * A long list of collapsible panels (thousands). A panel's content is only
 * rendered while it is open, and past VIRTUALIZE_PANELS_AFTER panels only
 * those in view are in the DOM (virtual scrolling; heights are measured as
 * panels open). Each header is a button with aria-expanded controlling its
 * region.
 */
export function CollapsibleList<T>({
  items,
  getKey,
  label,
  title,
  headerExtra,
  body,
  height = '70vh',
  estimateSize = 48,
  emptyMessage = 'Nothing to show.',
}: CollapsibleListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const virtual = items.length > VIRTUALIZE_PANELS_AFTER;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (i) => getKey(items[i]),
    overscan: 8,
    initialRect: { width: 1000, height: 600 },
    // Nothing has a size under jsdom: keep the estimate rather than 0.
    measureElement: (el) => el.getBoundingClientRect().height || estimateSize,
  });
  const windowed = virtual ? virtualizer.getVirtualItems() : null;
  // Which panels are open: TanStack Table's expanded state, keyed by the items' keys. Its rows are the panels in
  // the DOM only: a row model of every item made an object per item on each render (~170 ms of main thread for
  // 25,000 fridges on /portfoliohealth, issue 63).
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // Kept while the window is the same (the virtualizer answers the same array): the table resets its state when
  // its data changes, and a new array on every render would reset it on every render.
  const data = useMemo(() => (windowed ? windowed.map((v) => items[v.index]) : items), [windowed, items]);
  const table = useReactTable({
    data,
    // Only the rows' expanded state is used: no columns.
    columns: [] as ColumnDef<T>[],
    getRowId: (item) => getKey(item),
    state: { expanded },
    onExpandedChange: setExpanded,
    // Open panels stay open when the items change or scroll out of view.
    autoResetExpanded: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;

  if (items.length === 0) {
    return (
      <Text color="font.tertiary" padding="0.5rem 0">
        {emptyMessage}
      </Text>
    );
  }

  /** The panel of `row`, the item at `index` of the whole list (`start`: its offset, when virtual). */
  const panel = (row: (typeof rows)[number], index: number, start?: number) => {
    const item = row.original;
    const key = row.id;
    const isOpen = row.getIsExpanded();
    const headerId = `${idPrefix}-h-${index}`;
    const bodyId = `${idPrefix}-b-${index}`;
    return (
      <div
        key={key}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        data-index={index}
        data-key={key}
        ref={virtual ? virtualizer.measureElement : undefined}
        style={{
          ...(start !== undefined
            ? { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }
            : {}),
          borderBottom: '1px solid var(--amplify-colors-border-secondary)',
          background: 'var(--amplify-colors-background-primary, #fff)',
        }}
      >
        <Flex alignItems="center" gap="0.75rem" padding="0 0.75rem" minHeight={`${estimateSize}px`} wrap="wrap">
          <button
            type="button"
            id={headerId}
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onClick={() => row.toggleExpanded()}
            style={toggleStyle}
          >
            <span
              aria-hidden="true"
              style={{ display: 'inline-block', width: '1rem', transform: isOpen ? 'rotate(90deg)' : undefined }}
            >
              ▶
            </span>
            {title(item)}
          </button>
          {headerExtra ? headerExtra(item) : null}
        </Flex>
        <div
          id={bodyId}
          role="region"
          aria-labelledby={headerId}
          hidden={!isOpen}
          style={{ padding: '0 0.75rem 0.75rem 2.25rem' }}
        >
          {isOpen ? body(item) : null}
        </div>
      </div>
    );
  };

  return (
    <View
      ref={scrollRef}
      maxHeight={height}
      overflow="auto"
      style={{ border: '1px solid var(--amplify-colors-border-secondary)', borderRadius: '6px' }}
    >
      {virtual ? (
        <div role="list" aria-label={label} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {windowed?.map((v, i) => panel(rows[i], v.index, v.start))}
        </div>
      ) : (
        <div role="list" aria-label={label}>
          {rows.map((row, i) => panel(row, i))}
        </div>
      )}
    </View>
  );
}
