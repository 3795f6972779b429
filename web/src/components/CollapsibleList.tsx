import { useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
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
  // The keys of the open panels, so that open panels stay open when the items change. Not a table's row
  // model: that made an object per item on each render (170 ms for 25,000 fridges, issue 63).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
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

  if (items.length === 0) {
    return (
      <Text color="font.tertiary" padding="0.5rem 0">
        {emptyMessage}
      </Text>
    );
  }

  const panel = (index: number, start?: number) => {
    const item = items[index];
    const key = getKey(item);
    const isOpen = open.has(key);
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
            onClick={() => toggle(key)}
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
          {virtualizer.getVirtualItems().map((v) => panel(v.index, v.start))}
        </div>
      ) : (
        <div role="list" aria-label={label}>
          {items.map((_, i) => panel(i))}
        </div>
      )}
    </View>
  );
}
