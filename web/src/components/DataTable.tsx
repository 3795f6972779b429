import { Fragment, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type Table,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Flex, Loader, SearchField, Text, View } from '@aws-amplify/ui-react';
import { download, toCsv } from '@/lib/csv';
import { useProgressive } from '@/lib/progressive';
import { COLUMN_ID_ATTRIBUTE, pinVar, useEssentialLayout, type Pins } from './essential-layout';
import './data-table.css';

/** Past this many rows only the visible ones are in the DOM. */
export const VIRTUALIZE_AFTER = 200;

export type Highlight = 'error' | 'warning' | 'success' | 'info';

export interface DataColumn<T> {
  id: string;
  /** Header text (also the CSV header). */
  header: string;
  /** Extra header content shown after the text (an icon, a warning). */
  headerExtra?: ReactNode;
  /** The cell's value: sorted, filtered and exported. */
  value: (row: T) => string | number | null | undefined;
  /** How the cell looks; the value's text by default. */
  cell?: (row: T) => ReactNode;
  width?: string;
  sortable?: boolean;
  /** Action columns (links, buttons) are not exported. */
  exportable?: boolean;
  /**
   * The cell stays on one line (a code, an amount) while the table scrolls. A lone date, time or id (one word,
   * such as '2026-11-25') never breaks at its hyphens anyway.
   */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  data: T[];
  columns: DataColumn<T>[];
  getRowId: (row: T) => string;
  /** Accessible name of the table and the default export file name. */
  label: string;
  exportFileName?: string;
  /** Counted thing in the count line: '12 of 40 locations'. */
  noun?: string;
  /** The count before the caller's own filters, when `data` is already filtered. */
  total?: number;
  emptyMessage?: string;
  /**
   * A fetch is under way. Until rows arrive the table says so (a status text and a loader) instead of
   * counting '0 of 0 rows' or claiming there are none; over rows it shows a 'Refreshing…' mark.
   */
  loading?: boolean;
  /** The text filter above the table: shown unless `false`. */
  filter?: false | TableFilter;
  toolbar?: ReactNode;
  height?: string;
  initialSort?: { id: string; desc?: boolean };
  /** How each row looks and acts. */
  row?: RowOptions<T>;
  /** A first column of checkboxes that select rows (TanStack Table's row selection). */
  selection?: RowSelection<T>;
  /**
   * The columns that matter most on this screen (e.g. Status and Driver), by id. They stay in view at every width:
   * pinned (sticky) on the right, as the key column (the first, with the checkboxes) is on the left, while the
   * others scroll sideways between them inside the table. Essential columns right after the key column (e.g. a
   * stop's location after its number) are pinned on the left with it. When the table is too narrow for the pinned
   * columns side by side, the others fold into each row's details (a button in the key cell opens them). The
   * columns keep their order, on screen and in the CSV.
   */
  essential?: string[];
  /**
   * The columns take the widths they declare (`width`, in rem so they follow the font), and their cells wrap within
   * them rather than widen them: headers between words, long values anywhere. The table fills its box when the
   * widths add up to less, and scrolls sideways (its pinned columns in view) when they add up to more, so the
   * screen decides by the widths where every column fits. Without it a column is as wide as its longest value.
   */
  fixedLayout?: boolean;
  /**
   * Rows shown in groups (e.g. per route), each under a header row and over
   * an optional footer row, in the order the groups first appear in the
   * sorted rows. Grouped tables are not windowed: they are for hundreds of
   * rows, not thousands.
   */
  groups?: RowGroups<T>;
}

export interface TableFilter {
  label?: string;
  placeholder?: string;
  /** Columns the text filter searches; all by default. */
  columns?: string[];
  /**
   * The filter's text, when the screen keeps it (in its address, `useSearchState`), with `onChange`;
   * the table keeps its own otherwise.
   */
  value?: string;
  onChange?: (text: string) => void;
}

export interface RowOptions<T> {
  /** Accessible name of a row (e.g. its id), so tests and screen readers can find it. */
  label?: (row: T) => string;
  highlight?: (row: T) => Highlight | undefined;
  /** Extra style of a row (e.g. bold for a kind of row). */
  style?: (row: T) => CSSProperties | undefined;
  /** Row height in px (also the virtual scrolling's estimate). */
  height?: number;
  /** A row opens on a click or Enter. */
  onClick?: (row: T) => void;
}

export interface RowSelection<T> {
  /** The selected row ids; the caller keeps it (e.g. to clear it after an update). */
  state: RowSelectionState;
  onChange: OnChangeFn<RowSelectionState>;
  /** Accessible name of a row's checkbox. */
  label: (row: T) => string;
  /** Whether a row may be selected: a row that may not shows a disabled, unchecked box. All by default. */
  canSelect?: (row: T) => boolean;
  /** A row's checkbox tooltip (e.g. why the row is locked). */
  title?: (row: T) => string | undefined;
  /**
   * A header checkbox selecting every shown row that may be selected. The column then does not
   * sort (its header holds the checkbox); otherwise it sorts the selected rows together.
   */
  all?: { label: string; title?: string };
  width?: string;
}

export interface RowGroups<T> {
  of: (row: T) => string;
  header: (key: string, rows: T[]) => ReactNode;
  /**
   * A row right under the header, in a plain cell: what the group's header has to say beyond its
   * name (e.g. who drives the route), with its controls. The header cell keeps the group's name alone.
   */
  detail?: (key: string, rows: T[]) => ReactNode;
  footer?: (key: string, rows: T[]) => ReactNode;
  /** Background of the group's rows. */
  background?: (key: string) => string | undefined;
}

const HIGHLIGHT_BACKGROUND: Record<Highlight, string> = {
  error: 'var(--amplify-colors-red-10, #fdecea)',
  warning: 'var(--amplify-colors-orange-10, #fff4e5)',
  success: 'var(--amplify-colors-green-10, #edf7ed)',
  info: 'var(--amplify-colors-blue-10, #e8f4fd)',
};

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The CSV of exactly these rows and the exportable columns, in this order. */
export function tableCsv<T>(columns: DataColumn<T>[], rows: T[]): string {
  const shown = columns.filter((c) => c.exportable !== false);
  return toCsv(
    shown.map((c) => c.header),
    rows.map((r) => shown.map((c) => text(c.value(r)))),
  );
}

/**
 * A lone date or date and time ('2026-11-25', '2026-11-25 10:04:00'), or one word such as an id: a cell of it is
 * kept on one line, never broken at its hyphens ('2026-11-/25'). Past 40 characters a word may wrap.
 */
const ONE_LINE = /^(\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?|\S{1,40})$/;
/**
 * Words short enough to stay whole in a phone's first column (a third of the screen, styles.css): a date such as
 * '11/30/2026', a date and time ('2026-11-30 06:58:59' breaks at its space only), a short id or name. A longer word
 * may break anywhere there, so the column scrolled to beside it stays in view.
 */
const SHORT_WORDS = /^\S{1,12}( \S{1,12})*$/;

/**
 * The length of the longest of `value`'s short words (SHORT_WORDS), or null: a phone's first column is at least that
 * many characters wide (styles.css), so it breaks between the words only and never inside one at a hyphen
 * ('2026-', '11-30'). The text stays one text node: what the cell says is found as it reads.
 */
function longestShortWord(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const words = String(value);
  return SHORT_WORDS.test(words) ? Math.max(...words.split(' ').map((w) => w.length)) : null;
}

const fileNameOf = (label: string) =>
  `${label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}.csv`;

/** The first column stays in view while a wide table scrolls sideways in its container. */
const STICKY_FIRST: CSSProperties = { position: 'sticky', left: 0 };
const ROW_BACKGROUND = 'var(--amplify-colors-background-primary, #fff)';

/**
 * The console's table: sorting, a text filter, a sticky header and first
 * column, virtual scrolling past VIRTUALIZE_AFTER rows, row highlighting,
 * empty and loading states, and an Export CSV of exactly what is shown. A
 * wide table scrolls inside its own container, never the page; its essential
 * columns stay in view (pinned, or with the rest folded into row details).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, getRowId, label, loading = false, selection } = props;
  const { highlight, onClick: onRowClick, height: rowHeight = 44 } = props.row ?? {};
  const filter = props.filter === false ? null : (props.filter ?? {});
  // Nothing to count yet: the first answer has not arrived.
  const waiting = loading && data.length === 0;
  const [sorting, setSorting] = useState<SortingState>(
    props.initialSort ? [{ id: props.initialSort.id, desc: props.initialSort.desc ?? false }] : [],
  );
  const [ownFilter, setOwnFilter] = useState('');
  const globalFilter = filter?.value ?? ownFilter;
  const setGlobalFilter = filter?.onChange ?? setOwnFilter;
  // Which rows show their folded columns (TanStack Table's expanded state).
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { essential, fixedLayout = false } = props;
  const columns = useMemo(
    () => (selection ? [selectColumn(selection, getRowId), ...props.columns] : props.columns),
    [selection, getRowId, props.columns],
  );
  // The key column comes after the checkboxes. With essential columns, both are pinned left, with the essential
  // ones that follow the key at once, and the other essential ones right.
  const keyIndex = selection ? 1 : 0;
  const pins = useMemo<Pins | null>(() => {
    if (!essential?.length) return null;
    const left = columns.slice(0, keyIndex + 1).map((c) => c.id);
    for (const c of columns.slice(keyIndex + 1)) {
      if (!essential.includes(c.id)) break;
      left.push(c.id);
    }
    const right = columns.filter((c) => essential.includes(c.id) && !left.includes(c.id)).map((c) => c.id);
    return { left, right };
  }, [columns, essential, keyIndex]);
  const columnById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const folded = useEssentialLayout(scrollRef, tableRef, pins);
  // Folded, a table shows its pinned columns only; the others are in each row's details.
  const foldedColumns = useMemo(
    () => (folded && pins ? columns.filter((c) => !pins.left.includes(c.id) && !pins.right.includes(c.id)) : []),
    [folded, pins, columns],
  );
  // The pinned-right columns the scrolling ones pass under: those after a column that is not pinned right.
  const pinEdges = useMemo(
    () =>
      new Set(
        columns
          .filter((c, i) => pins?.right.includes(c.id) && !pins.right.includes(columns[i - 1]?.id ?? ''))
          .map((c) => c.id),
      ),
    [columns, pins],
  );
  // How a cell of a column sticks: the first always on the left, pinned ones while the table scrolls (not folded).
  // The last pinned on the left has a line on its right, where the scrolling columns pass under it.
  const leftEdge = pins && !folded && pins.right.length > 0 ? pins.left.at(-1) : undefined;
  const stickyOf = (id: string, index: number): CSSProperties | null => {
    const edge = id === leftEdge ? { boxShadow: 'inset -1px 0 0 var(--amplify-colors-border-primary)' } : null;
    if (index === 0) return { ...STICKY_FIRST, ...edge };
    if (!pins || folded) return null;
    const l = pins.left.indexOf(id);
    if (l >= 0) return { position: 'sticky', left: `var(${pinVar('left', l)}, 0px)`, ...edge };
    const r = pins.right.indexOf(id);
    if (r >= 0)
      return {
        position: 'sticky',
        right: `var(${pinVar('right', r)}, 0px)`,
        // A line where the scrolling columns pass under the pinned ones.
        ...(pinEdges.has(id) ? { boxShadow: 'inset 1px 0 0 var(--amplify-colors-border-primary)' } : null),
      };
    return null;
  };
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(foldedColumns.map((c) => [c.id, false])),
    [foldedColumns],
  );
  const filterColumns = filter?.columns;
  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => c.value(row) ?? '',
        cell: (ctx) =>
          c.id === SELECT_COLUMN && selection
            ? selectBox(ctx.row, selection)
            : c.cell
              ? c.cell(ctx.row.original)
              : text(c.value(ctx.row.original)),
        enableSorting: c.sortable !== false,
        enableGlobalFilter: !filterColumns || filterColumns.includes(c.id),
        // Ascending first for every column (TanStack starts numbers descending).
        sortDescFirst: false,
        sortUndefined: 'last',
      })),
    [columns, filterColumns, selection],
  );
  const table = useReactTable({
    data,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: {
      sorting,
      globalFilter,
      rowSelection: selection?.state ?? NO_SELECTION,
      columnVisibility,
      expanded,
    },
    onSortingChange: setSorting,
    onGlobalFilterChange: (next: Updater<string>) =>
      setGlobalFilter(typeof next === 'function' ? next(globalFilter) : next),
    onExpandedChange: setExpanded,
    // A refresh keeps open the details that are open.
    autoResetExpanded: false,
    enableRowSelection: (row) => (selection ? (selection.canSelect?.(row.original) ?? true) : false),
    onRowSelectionChange: selection?.onChange,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
  const shownCount = columns.length - foldedColumns.length;
  const idPrefix = useId();
  const virtual = !props.groups && rows.length > VIRTUALIZE_AFTER;
  // Grouped rows are not virtualised (a group's header and summary span it): a long grouped table renders its
  // first whole groups at once and the rest frame by frame.
  const groupedRows = useProgressive(props.groups ? rows.length : 0, VIRTUALIZE_AFTER, VIRTUALIZE_AFTER * 2);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // A first window before the container is measured (and under jsdom).
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const windowed = virtual ? items.map((i) => rows[i.index]) : rows;
  const padTop = virtual && items.length ? items[0].start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  const exportCsv = () =>
    download(
      props.exportFileName ?? fileNameOf(label),
      tableCsv(
        columns,
        rows.map((r) => r.original),
      ),
    );

  const cellPadding = folded ? '0.25rem 0.3rem' : fixedLayout ? '0.25rem 0.5rem' : '0.25rem 0.75rem';
  const renderRow = (row: Row<T>, background?: string) => {
    const tone = highlight?.(row.original);
    const extra = props.row?.style?.(row.original);
    // The sticky first cell needs an opaque background: the row's own, or the page's.
    const rowBackground = tone ? HIGHLIGHT_BACKGROUND[tone] : background;
    const firstBackground = (extra?.background as string | undefined) ?? rowBackground ?? ROW_BACKGROUND;
    const rowName = props.row?.label?.(row.original) ?? row.id;
    const detailId = `${idPrefix}-detail-${row.index}`;
    const open = foldedColumns.length > 0 && row.getIsExpanded();
    return (
      <Fragment key={row.id}>
        <tr
          data-highlight={tone}
          aria-label={props.row?.label?.(row.original)}
          tabIndex={onRowClick ? 0 : undefined}
          onClick={onRowClick ? () => onRowClick(row.original) : undefined}
          onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(row.original) : undefined}
          style={{
            height: rowHeight,
            background: rowBackground,
            ...extra,
            cursor: onRowClick ? 'pointer' : undefined,
            borderBottom: open ? undefined : '1px solid var(--amplify-colors-border-secondary)',
          }}
        >
          {row.getVisibleCells().map((c, i) => {
            const value = c.column.id === SELECT_COLUMN ? null : c.getValue();
            const def = columnById.get(c.column.id);
            // Folded, the columns share the box's width, and fixed, each keeps its own: a cell wraps rather than
            // overflow into the next.
            const nowrap =
              !folded && (def?.nowrap || (!fixedLayout && typeof value === 'string' && ONE_LINE.test(value)));
            const sticky = stickyOf(c.column.id, i);
            const wordLength = i === 0 ? longestShortWord(value) : null;
            return (
              <td
                key={c.id}
                className={wordLength ? 'data-table__words' : undefined}
                style={{
                  ...(wordLength ? ({ '--words-ch': wordLength } as CSSProperties) : null),
                  padding: cellPadding,
                  whiteSpace: nowrap ? 'nowrap' : undefined,
                  // A sticky cell is opaque, so the columns scrolling under it do not show through.
                  ...(sticky ? { ...sticky, zIndex: 1, background: firstBackground } : null),
                }}
              >
                {i === keyIndex && foldedColumns.length > 0 ? (
                  <button
                    type="button"
                    className="data-table-fold-toggle"
                    aria-expanded={open}
                    aria-controls={open ? detailId : undefined}
                    aria-label={`Details of ${rowName}`}
                    title={open ? 'Hide the other columns' : 'Show the other columns'}
                    onClick={(e) => {
                      // Not the row's own click (which may open it).
                      e.stopPropagation();
                      row.toggleExpanded();
                    }}
                  >
                    <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                  </button>
                ) : null}
                {flexRender(c.column.columnDef.cell, c.getContext())}
              </td>
            );
          })}
        </tr>
        {open ? (
          <tr
            id={detailId}
            className="data-table-detail"
            style={{ background: rowBackground, borderBottom: '1px solid var(--amplify-colors-border-secondary)' }}
          >
            <td colSpan={shownCount} style={{ padding: '0 0.5rem 0.5rem 1.75rem' }}>
              <dl>
                {row
                  .getAllCells()
                  .filter((c) => !c.column.getIsVisible())
                  .map((c) => (
                    <div key={c.id}>
                      <dt>{columnById.get(c.column.id)?.header}</dt>
                      <dd>{flexRender(c.column.columnDef.cell, c.getContext())}</dd>
                    </div>
                  ))}
              </dl>
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };

  return (
    <Flex direction="column" gap="0.5rem">
      <Flex gap="0.75rem" alignItems="flex-end" wrap="wrap">
        {filter ? (
          <SearchField
            label={filter.label ?? 'Filter'}
            placeholder={filter.placeholder ?? 'Filter'}
            value={globalFilter}
            onChange={(e) => setGlobalFilter(e.target.value)}
            onClear={() => setGlobalFilter('')}
            hasSearchButton={false}
            width="18rem"
          />
        ) : null}
        {props.toolbar}
        <Button size="small" onClick={exportCsv} isDisabled={rows.length === 0} marginLeft="auto">
          Export CSV
        </Button>
      </Flex>
      <Flex alignItems="center" gap="0.75rem">
        <Text role="status" aria-live="polite" fontSize="small" color="font.secondary">
          {waiting
            ? `Loading ${props.noun ?? 'rows'}…`
            : `${rows.length} of ${props.total ?? data.length} ${props.noun ?? 'rows'}`}
        </Text>
        {loading && !waiting && rows.length > 0 ? (
          <Flex alignItems="center" gap="0.5rem" aria-label="Refreshing">
            <Loader size="small" />
            <Text fontSize="small">Refreshing…</Text>
          </Flex>
        ) : null}
      </Flex>
      <View
        ref={scrollRef}
        className="data-table-scroll"
        maxHeight={props.height ?? '70vh'}
        maxWidth="100%"
        style={{
          overflowX: 'auto',
          overflowY: 'auto',
          border: '1px solid var(--amplify-colors-border-secondary)',
          borderRadius: '6px',
        }}
      >
        <table
          ref={tableRef}
          aria-label={label}
          aria-busy={waiting || undefined}
          className={['data-table', folded && 'data-table--folded', fixedLayout && 'data-table--fixed']
            .filter(Boolean)
            .join(' ')}
          data-folded={folded || undefined}
          style={{
            width: '100%',
            borderCollapse: 'collapse',
            tableLayout: folded || fixedLayout ? 'fixed' : undefined,
          }}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header, i) => {
                  const sorted = header.column.getIsSorted();
                  const def = columnById.get(header.column.id);
                  // Folded, the columns after the key share the box's width, whatever their own.
                  const width = !folded
                    ? def?.width
                    : def?.id === SELECT_COLUMN
                      ? FOLDED_SELECT_WIDTH
                      : i <= keyIndex
                        ? def?.width
                        : undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      {...{ [COLUMN_ID_ATTRIBUTE]: header.column.id }}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      style={{
                        position: 'sticky',
                        top: 0,
                        // A pinned header stays in view both ways, above the sticky cells.
                        ...stickyOf(header.column.id, i),
                        zIndex: stickyOf(header.column.id, i) ? 3 : 2,
                        width,
                        // What a folded table's first column takes on a phone (data-table.css).
                        ...(folded ? ({ '--fold-width': width } as CSSProperties) : null),
                        textAlign: 'left',
                        padding: folded ? '0.4rem 0.3rem' : fixedLayout ? '0.4rem 0.5rem' : '0.5rem 0.75rem',
                        background: 'var(--amplify-colors-background-secondary, #f5f5f5)',
                        borderBottom: '1px solid var(--amplify-colors-border-primary)',
                        // Folded or fixed, a header wraps between its words (never inside one: data-table.css).
                        whiteSpace: folded || fixedLayout ? 'normal' : 'nowrap',
                      }}
                    >
                      {def?.id === SELECT_COLUMN && selection?.all ? selectAllBox(table, selection.all) : null}
                      {def?.headerExtra}
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
            {props.groups
              ? grouped(rows, props.groups, renderRow, shownCount, groupedRows)
              : windowed.map((row) => renderRow(row))}
            {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
          </tbody>
        </table>
        {rows.length === 0 || waiting ? (
          waiting ? (
            <Flex alignItems="center" gap="0.5rem" padding="1rem">
              <Loader />
              <Text>Loading…</Text>
            </Flex>
          ) : (
            <Text padding="1rem" color="font.tertiary">
              {(props.total ?? data.length) === 0
                ? (props.emptyMessage ?? 'No rows to show.')
                : 'No rows match the filter.'}
            </Text>
          )
        ) : null}
      </View>
    </Flex>
  );
}

const SELECT_COLUMN = 'select';
/** The checkbox column of a folded table: room for its checkbox and its one-word header. */
const FOLDED_SELECT_WIDTH = '3.5rem';
const NO_SELECTION: RowSelectionState = {};

/** The selection column: sorts the selected rows together unless its header holds a select-all box. */
function selectColumn<T>(selection: RowSelection<T>, getRowId: (row: T) => string): DataColumn<T> {
  return {
    id: SELECT_COLUMN,
    header: 'Select',
    width: selection.width,
    sortable: !selection.all,
    exportable: false,
    value: (row) => (selection.state[getRowId(row)] ? 1 : 0),
  };
}

/** A row's checkbox; its tooltip is on a wrapper too, as a disabled box shows none in some browsers. */
function selectBox<T>(row: Row<T>, selection: RowSelection<T>) {
  const title = selection.title?.(row.original);
  return (
    <span title={title}>
      <input
        type="checkbox"
        aria-label={selection.label(row.original)}
        checked={row.getCanSelect() && row.getIsSelected()}
        disabled={!row.getCanSelect()}
        title={title}
        onChange={row.getToggleSelectedHandler()}
      />
    </span>
  );
}

/** Selects or clears every shown row that may be selected (rows the filter hides keep their state). */
function selectAllBox<T>(table: Table<T>, all: { label: string; title?: string }) {
  return (
    <input
      type="checkbox"
      aria-label={all.label}
      title={all.title}
      checked={table.getIsAllPageRowsSelected()}
      disabled={!table.getRowModel().rows.some((r) => r.getCanSelect())}
      onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
      style={{ marginRight: '0.4rem' }}
    />
  );
}

/** The rows in groups, in order of first appearance, each with its header and footer rows. */
function grouped<T>(
  rows: Row<T>[],
  groups: RowGroups<T>,
  renderRow: (row: Row<T>, background?: string) => ReactNode,
  span: number,
  /** Whole groups are rendered until at least this many rows are. */
  limit: number,
) {
  const order: string[] = [];
  const members = new Map<string, Row<T>[]>();
  for (const r of rows) {
    const key = groups.of(r.original);
    if (!members.has(key)) {
      members.set(key, []);
      order.push(key);
    }
    members.get(key)!.push(r);
  }
  let rendered = 0;
  const shown = order.filter((key) => {
    const take = rendered < limit;
    rendered += members.get(key)!.length;
    return take;
  });
  return shown.map((key) => {
    const group = members.get(key)!;
    const originals = group.map((r) => r.original);
    const background = groups.background?.(key);
    const cellStyle: CSSProperties = { padding: '0.4rem 0.75rem', textAlign: 'left', background, fontWeight: 700 };
    return (
      <Fragment key={`group-${key}`}>
        <tr>
          <th scope="rowgroup" colSpan={span} style={cellStyle}>
            {groups.header(key, originals)}
          </th>
        </tr>
        {groups.detail ? (
          <tr>
            <td colSpan={span} style={{ ...cellStyle, fontWeight: 400 }}>
              {groups.detail(key, originals)}
            </td>
          </tr>
        ) : null}
        {group.map((r) => renderRow(r, background))}
        {groups.footer ? (
          <tr>
            <td colSpan={span} style={{ ...cellStyle, borderBottom: '2px solid var(--amplify-colors-border-primary)' }}>
              {groups.footer(key, originals)}
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  });
}
