import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, tableCsv, VIRTUALIZE_AFTER, type DataColumn } from './DataTable';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

interface Fridge {
  id: string;
  name: string;
  units: number;
  status: string;
}

const columns: DataColumn<Fridge>[] = [
  { id: 'id', header: 'Id', value: (f) => f.id },
  { id: 'name', header: 'Name', value: (f) => f.name },
  { id: 'units', header: 'Units', value: (f) => f.units },
  {
    id: 'open',
    header: 'Open',
    value: () => '',
    cell: (f) => <a href={`#${f.id}`}>open</a>,
    exportable: false,
    sortable: false,
  },
];

const FRIDGES: Fridge[] = [
  { id: 'CHI_2', name: 'Loop, Tower', units: 12, status: 'LIVE' },
  { id: 'CHI_1', name: '=cmd', units: 3, status: 'DEAD' },
  { id: 'NYC_1', name: 'Midtown "A"', units: 40, status: 'LIVE' },
];

/**
 * The text of the first cell of each body row. The cells come from one query over the table, not one per row:
 * a query checks every element it finds for accessibility, which over a 200-row table takes seconds.
 */
function bodyIds() {
  const table = within(screen.getByRole('table', { name: 'Fridges' }));
  const rows = new Set(table.getAllByRole('row').slice(1));
  const first = new Map<Element, Element>();
  for (const cell of table.getAllByRole('cell')) {
    let row = cell.parentElement;
    while (row && !rows.has(row)) row = row.parentElement;
    if (row && !first.has(row)) first.set(row, cell);
  }
  return [...rows].map((r) => {
    const cell = first.get(r);
    if (!cell) throw new Error(`a body row without a cell: ${r.outerHTML}`);
    return cell.textContent;
  });
}

function renderTable(data = FRIDGES, extra: Partial<Parameters<typeof DataTable<Fridge>>[0]> = {}) {
  return render(<DataTable label="Fridges" data={data} columns={columns} getRowId={(f) => f.id} {...extra} />);
}

beforeEach(() => {
  downloads.length = 0;
});

describe('DataTable', () => {
  it('sizes a first cell of short words (a date, a date and time, a short id) by its longest word, for a phone', () => {
    const more = [
      { id: 'A_LOCATION_ID_OF_30_CHARACTERS', name: 'Long', units: 1, status: 'LIVE' },
      { id: '2026-11-30 06:58:59', name: 'Time', units: 1, status: 'LIVE' },
    ];
    renderTable([...FRIDGES, ...more]);
    const table = within(screen.getByRole('table', { name: 'Fridges' }));
    const words = (name: string) => {
      const cell = table.getByRole('cell', { name });
      return cell.classList.contains('data-table__words') ? cell.style.getPropertyValue('--words-ch') : null;
    };
    expect(words('CHI_2')).toBe('5');
    expect(words('2026-11-30 06:58:59')).toBe('10');
    // The text stays whole, found as it reads.
    expect(table.getByText('2026-11-30 06:58:59')).toBeInTheDocument();
    // A longer word may break anywhere there, so the column beside it stays in view.
    expect(words('A_LOCATION_ID_OF_30_CHARACTERS')).toBeNull();
    // Only the first column's cells: the others are never squeezed to a third of the screen.
    expect(words('12')).toBeNull();
  });

  it('sorts by a header: ascending, descending, then back to the data order', async () => {
    renderTable();
    expect(bodyIds()).toEqual(['CHI_2', 'CHI_1', 'NYC_1']);
    const header = screen.getByRole('columnheader', { name: /Units/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button'));
    // Numbers sort as numbers: 3, 12, 40 (a text sort would give 12, 3, 40).
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyIds()).toEqual(['CHI_1', 'CHI_2', 'NYC_1']);
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyIds()).toEqual(['NYC_1', 'CHI_2', 'CHI_1']);
    await userEvent.click(within(header).getByRole('button'));
    expect(bodyIds()).toEqual(['CHI_2', 'CHI_1', 'NYC_1']);
    expect(within(screen.getByRole('columnheader', { name: 'Open' })).queryByRole('button')).toBeNull();
  });

  it('filters on any column and counts what is shown', async () => {
    renderTable();
    expect(screen.getByText('3 of 3 rows')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Filter'), 'chi');
    expect(bodyIds()).toEqual(['CHI_2', 'CHI_1']);
    expect(screen.getByText('2 of 3 rows')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filter'));
    await userEvent.type(screen.getByLabelText('Filter'), 'zzz');
    expect(screen.getByText('No rows match the filter.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("keeps the filter's text where the screen says (its address), and opens filtered by it", async () => {
    const kept: string[] = [];
    function Kept() {
      const [text, setText] = useState('chi');
      return (
        <DataTable
          label="Fridges"
          data={FRIDGES}
          columns={columns}
          getRowId={(f) => f.id}
          filter={{
            value: text,
            onChange: (t) => {
              kept.push(t);
              setText(t);
            },
          }}
        />
      );
    }
    render(<Kept />);
    expect(screen.getByLabelText('Filter')).toHaveValue('chi');
    expect(bodyIds()).toEqual(['CHI_2', 'CHI_1']);
    await userEvent.clear(screen.getByLabelText('Filter'));
    await userEvent.type(screen.getByLabelText('Filter'), 'CHI_1');
    expect(bodyIds()).toEqual(['CHI_1']);
    expect(kept.at(-1)).toBe('CHI_1');
  });

  it('exports exactly the rows and columns shown, in the shown order', async () => {
    renderTable();
    await userEvent.type(screen.getByLabelText('Filter'), 'chi');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Units/ })).getByRole('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe('fridges.csv');
    expect(downloads[0].text.split('\r\n')).toEqual(['Id,Name,Units', 'CHI_1,"\'=cmd",3', 'CHI_2,"Loop, Tower",12']);
  });

  it('builds RFC 4180 CSV with quotes doubled', () => {
    expect(tableCsv(columns, [FRIDGES[2]])).toBe('Id,Name,Units\r\nNYC_1,"Midtown ""A""",40');
  });

  it('shows the empty and the loading states', () => {
    const { rerender } = renderTable([], { emptyMessage: 'No fridges yet.' });
    expect(screen.getByText('No fridges yet.')).toBeInTheDocument();
    rerender(<DataTable label="Fridges" data={[]} columns={columns} getRowId={(f) => f.id} loading />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('No rows to show.')).toBeNull();
  });

  it('says it is loading, not that there are 0 of 0 rows, until the data arrives', () => {
    const { rerender } = renderTable([], { loading: true, noun: 'fridges', emptyMessage: 'No fridges yet.' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading fridges…');
    expect(screen.queryByText(/0 of 0/)).toBeNull();
    expect(screen.queryByText('No fridges yet.')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Fridges' })).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable label="Fridges" data={FRIDGES} columns={columns} getRowId={(f) => f.id} noun="fridges" />);
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3 fridges');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('scrolls sideways inside its own container and keeps the first column in view', () => {
    renderTable(FRIDGES, { row: { highlight: (f) => (f.status === 'DEAD' ? 'error' : undefined) } });
    const table = screen.getByRole('table', { name: 'Fridges' });
    expect(table.parentElement).toHaveStyle({ overflowX: 'auto', maxWidth: '100%' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader')[0]).toHaveStyle({ position: 'sticky', left: '0px', top: '0px' });
    for (const row of rows) {
      const first = within(row).getAllByRole('cell')[0];
      expect(first).toHaveStyle({ position: 'sticky', left: '0px' });
      // Opaque, so the columns scrolling under it do not show through.
      expect(first.style.background).not.toBe('');
    }
    expect(within(rows[1]).getAllByRole('cell')[0].style.background).toContain('red');
    expect(within(rows[0]).getAllByRole('cell')[1]).not.toHaveStyle({ position: 'sticky' });
  });

  it('highlights rows by a rule and opens a row from the keyboard', async () => {
    const onRowClick = vi.fn();
    renderTable(FRIDGES, {
      row: { highlight: (f) => (f.status === 'DEAD' ? 'error' : undefined), onClick: onRowClick },
    });
    const rows = within(screen.getByRole('table', { name: 'Fridges' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-highlight'))).toEqual([null, 'error', null]);
    rows[2].focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(FRIDGES[2]);
  });

  it('renders every row of a short table but only a window of a long one, and exports all', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `F_${i}`, name: `n${i}`, units: i, status: 'LIVE' }));
    const { unmount } = renderTable(many.slice(0, VIRTUALIZE_AFTER));
    expect(bodyIds()).toHaveLength(VIRTUALIZE_AFTER);
    unmount();
    // jsdom lays nothing out: give the scroll container a height to window over.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    renderTable(many);
    const shown = bodyIds().filter(Boolean);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].text.split('\r\n')).toHaveLength(5001);
    vi.restoreAllMocks();
    // 5,000 rows: over the default 5 s when the whole suite runs at once.
  }, 20_000);
});

describe('row selection', () => {
  function Selectable({ all }: { all?: boolean }) {
    const [state, setState] = useState<RowSelectionState>({});
    return (
      <>
        <DataTable
          label="Fridges"
          data={FRIDGES}
          columns={columns}
          getRowId={(f) => f.id}
          selection={{
            state,
            onChange: setState,
            label: (f) => `Select ${f.id}`,
            canSelect: (f) => f.status !== 'DEAD',
            title: (f) => (f.status === 'DEAD' ? 'Dead fridges stay' : undefined),
            all: all ? { label: 'Select all shown rows' } : undefined,
          }}
        />
        <output aria-label="Selected">{Object.keys(state).join(',')}</output>
      </>
    );
  }
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('checks a row, never a row that may not be selected, and leaves the column out of the export', async () => {
    render(<Selectable />);
    await userEvent.click(box('Select CHI_2'));
    expect(box('Select CHI_2').checked).toBe(true);
    expect(box('Select CHI_1').disabled).toBe(true);
    expect(box('Select CHI_1')).toHaveAttribute('title', 'Dead fridges stay');
    expect(screen.getByLabelText('Selected')).toHaveTextContent('CHI_2');
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Select' })).getByRole('button'));
    // Sorted by the column: the selected row last.
    const ids = within(screen.getByRole('table', { name: 'Fridges' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1].textContent);
    expect(ids).toEqual(['CHI_1', 'NYC_1', 'CHI_2']);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].text.split('\r\n')[0]).toBe('Id,Name,Units');
  });

  it('selects all the shown rows that may be selected, and clears them', async () => {
    render(<Selectable all />);
    await userEvent.type(screen.getByLabelText('Filter'), 'chi');
    await userEvent.click(box('Select all shown rows'));
    expect(screen.getByLabelText('Selected')).toHaveTextContent(/^CHI_2$/);
    expect(box('Select all shown rows').checked).toBe(true);
    await userEvent.click(box('Select all shown rows'));
    expect(screen.getByLabelText('Selected').textContent).toBe('');
  });
});

describe('grouped rows', () => {
  it('shows each group under its header with its footer, keeping sorted order inside', async () => {
    renderTable(FRIDGES, {
      groups: {
        of: (f) => f.status,
        header: (key) => `STATUS: ${key}`,
        footer: (_, rows) => `SUMMARY ${rows.length} fridges, ${rows.reduce((n, f) => n + f.units, 0)} units`,
      },
      row: { style: (f) => (f.status === 'DEAD' ? { fontWeight: 700 } : undefined) },
      initialSort: { id: 'id' },
    });
    const rows = within(screen.getByRole('table', { name: 'Fridges' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent?.replace(/open$/, ''))).toEqual([
      'STATUS: DEAD',
      'CHI_1=cmd3',
      'SUMMARY 1 fridges, 3 units',
      'STATUS: LIVE',
      'CHI_2Loop, Tower12',
      'NYC_1Midtown "A"40',
      'SUMMARY 2 fridges, 52 units',
    ]);
    expect(rows[1]).toHaveStyle({ fontWeight: '700' });
  });

  it("renders a long grouped table's first whole groups at once and the rest in the next frames, all for print", async () => {
    // 30 groups of 10 fridges: 300 rows, over the 200 a first frame renders.
    const many: Fridge[] = Array.from({ length: 300 }, (_, i) => ({
      id: `F_${String(i).padStart(3, '0')}`,
      name: `Fridge ${i}`,
      units: 1,
      status: `G${String(Math.floor(i / 10)).padStart(2, '0')}`,
    }));
    const groups = {
      of: (f: Fridge) => f.status,
      header: (key: string) => `GROUP: ${key}`,
      footer: (_: string, rows: Fridge[]) => `SUMMARY ${rows.length}`,
    };
    const headers = () => screen.queryAllByText(/^GROUP: /).length;
    const first = renderTable(many, { groups, initialSort: { id: 'id' } });
    expect(headers()).toBe(VIRTUALIZE_AFTER / 10);
    // Each shown group is whole: its summary counts all of its rows.
    expect(screen.getAllByText(/^SUMMARY /).every((s) => s.textContent === 'SUMMARY 10')).toBe(true);
    await vi.waitFor(() => expect(headers()).toBe(30));
    expect(screen.getByText('300 of 300 rows')).toBeInTheDocument();
    first.unmount();

    renderTable(many, { groups, initialSort: { id: 'id' } });
    expect(headers()).toBe(20);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(headers()).toBe(30);
  });
});

describe('essential columns', () => {
  interface Stop {
    id: string;
    location: string;
    scanned: string;
    tier: string;
    status: string;
    driver: string;
  }
  const STOPS: Stop[] = [
    { id: 'S1', location: 'CHI_1', scanned: '2026-11-25', tier: 'Gold', status: 'Completed', driver: 'd1@x.com' },
    { id: 'S2', location: 'CHI_2', scanned: '', tier: 'Silver', status: 'Not Started', driver: 'd2@x.com' },
  ];
  const stopColumns: DataColumn<Stop>[] = [
    { id: 'id', header: 'Stop', value: (s) => s.id },
    { id: 'location', header: 'Location', value: (s) => s.location },
    { id: 'scanned', header: 'Scanned', value: (s) => s.scanned },
    { id: 'tier', header: 'Tier', value: (s) => s.tier },
    { id: 'status', header: 'Status', value: (s) => s.status },
    { id: 'driver', header: 'Driver', value: (s) => s.driver },
  ];
  const ESSENTIAL = ['status', 'driver'];
  const headersOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
  const headerCell = (name: string) => screen.getByRole('columnheader', { name });

  /** Lays the table out as a browser would: every column `column` px wide, in a box `room()` px wide. */
  function fakeLayout(room: () => number, column = 120) {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('data-table-scroll') ? room() : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width =
        this.tagName === 'TH'
          ? column
          : this.tagName === 'TABLE'
            ? Math.max(room(), this.querySelectorAll('thead th').length * column)
            : 0;
      return { x: 0, y: 0, left: 0, top: 0, width, height: 40, right: width, bottom: 40, toJSON: () => ({}) };
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pins the key column left and the essential ones right, keeping the columns in their order', () => {
    render(<DataTable label="Stops" data={STOPS} columns={stopColumns} getRowId={(s) => s.id} essential={ESSENTIAL} />);
    const table = screen.getByRole('table', { name: 'Stops' });
    expect(headersOf(table)).toEqual(['Stop', 'Location', 'Scanned', 'Tier', 'Status', 'Driver']);
    expect(headerCell('Stop')).toHaveStyle({ position: 'sticky', left: '0px' });
    // Each essential column sticks after the width of those right of it (set by the layout on the table).
    expect(headerCell('Status').style.right).toBe('var(--pin-right-0, 0px)');
    expect(headerCell('Driver').style.right).toBe('var(--pin-right-1, 0px)');
    // Every header sticks to the top; only pinned ones to a side.
    expect([headerCell('Location').style.left, headerCell('Location').style.right]).toEqual(['', '']);
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first).getAllByRole('cell');
    expect(cells[4]).toHaveStyle({ position: 'sticky' });
    expect(cells[4].style.right).toBe('var(--pin-right-0, 0px)');
    // Opaque, so the columns scrolling under it do not show through.
    expect(cells[4].style.background).not.toBe('');
    expect(cells[1].style.position).toBe('');
    expect(table).not.toHaveAttribute('data-folded');
  });

  it('pins the checkboxes and the key column left when rows are selected', () => {
    render(
      <DataTable
        label="Stops"
        data={STOPS}
        columns={stopColumns}
        getRowId={(s) => s.id}
        essential={['driver']}
        selection={{ state: {}, onChange: () => {}, label: (s) => `Select ${s.id}` }}
      />,
    );
    expect(headerCell('Select')).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(headerCell('Stop').style.left).toBe('var(--pin-left-1, 0px)');
    expect(headerCell('Driver').style.right).toBe('var(--pin-right-0, 0px)');
    expect([headerCell('Status').style.left, headerCell('Status').style.right]).toEqual(['', '']);
  });

  it('pins the essential columns right after the key on the left with it, a line where the others pass under', () => {
    fakeLayout(() => 700, 150);
    render(
      <DataTable
        label="Stops"
        data={STOPS}
        columns={stopColumns}
        getRowId={(s) => s.id}
        essential={['location', 'status', 'driver']}
      />,
    );
    const table = screen.getByRole('table', { name: 'Stops' });
    expect(headerCell('Stop')).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(headerCell('Location').style.left).toBe('var(--pin-left-1, 0px)');
    // Measured: Location sticks right of the Stop column's width.
    expect(table.style.getPropertyValue('--pin-left-1')).toBe('150px');
    expect(headerCell('Location').style.boxShadow).toContain('inset -1px 0 0');
    expect(headerCell('Stop').style.boxShadow).toBe('');
    expect(headerCell('Status').style.right).toBe('var(--pin-right-0, 0px)');
    expect(headerCell('Status').style.boxShadow).toContain('inset 1px 0 0');
    const [, first] = within(table).getAllByRole('row');
    const location = within(first).getAllByRole('cell')[1];
    expect(location).toHaveStyle({ position: 'sticky' });
    // Opaque, so the columns scrolling under it do not show through.
    expect(location.style.background).not.toBe('');
    expect(headerCell('Scanned').style.position).toBe('sticky'); // to the top only
    expect([headerCell('Scanned').style.left, headerCell('Scanned').style.right]).toEqual(['', '']);
  });

  it('with a fixed layout, keeps the declared widths and wraps within them, or folds them but the key', () => {
    const sized = stopColumns.map((c) => ({ ...c, width: c.id === 'id' ? '4rem' : '8rem' }));
    const { unmount } = render(
      <DataTable label="Stops" data={STOPS} columns={sized} getRowId={(s) => s.id} essential={ESSENTIAL} fixedLayout />,
    );
    const table = screen.getByRole('table', { name: 'Stops' });
    expect(table).toHaveClass('data-table--fixed');
    expect(table.style.tableLayout).toBe('fixed');
    expect(headerCell('Scanned').style.width).toBe('8rem');
    expect(headerCell('Scanned').style.whiteSpace).toBe('normal');
    // A lone date or id wraps rather than run under the next column.
    const [, first] = within(table).getAllByRole('row');
    expect(within(first).getAllByRole('cell')[2].style.whiteSpace).toBe('');
    unmount();

    fakeLayout(() => 300);
    render(
      <DataTable label="Stops" data={STOPS} columns={sized} getRowId={(s) => s.id} essential={ESSENTIAL} fixedLayout />,
    );
    expect(screen.getByRole('table', { name: 'Stops' })).toHaveAttribute('data-folded', 'true');
    expect(headerCell('Stop').style.width).toBe('4rem');
    expect([headerCell('Status').style.width, headerCell('Driver').style.width]).toEqual(['', '']);
  });

  it('sets the pinned offsets from the widths of the columns beside them', () => {
    fakeLayout(() => 1000, 150);
    render(<DataTable label="Stops" data={STOPS} columns={stopColumns} getRowId={(s) => s.id} essential={ESSENTIAL} />);
    const table = screen.getByRole('table', { name: 'Stops' });
    // Driver is last (right: 0); Status sticks to Driver's left.
    expect(table.style.getPropertyValue('--pin-right-1')).toBe('0px');
    expect(table.style.getPropertyValue('--pin-right-0')).toBe('150px');
    expect(table).not.toHaveAttribute('data-folded');
  });

  it('folds the other columns into row details when even the pinned ones do not fit, and unfolds when they do', async () => {
    let room = 300;
    fakeLayout(() => room);
    const { rerender } = render(
      <DataTable
        label="Stops"
        data={STOPS}
        columns={stopColumns}
        getRowId={(s) => s.id}
        essential={ESSENTIAL}
        row={{ label: (s) => `Stop ${s.id}` }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Stops' });
    // 3 pinned columns of 120 px and the middle's room need more than 300 px.
    expect(table).toHaveAttribute('data-folded', 'true');
    expect(headersOf(table)).toEqual(['Stop', 'Status', 'Driver']);
    const toggle = screen.getByRole('button', { name: 'Details of Stop S1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const pairs = [...details.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`);
    expect(pairs).toEqual(['Location: CHI_1', 'Scanned: 2026-11-25', 'Tier: Gold']);
    // The CSV still has every column.
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].text.split('\r\n')[0]).toBe('Stop,Location,Scanned,Tier,Status,Driver');

    room = 2000;
    rerender(
      <DataTable
        label="Stops"
        data={[...STOPS]}
        columns={stopColumns}
        getRowId={(s) => s.id}
        essential={ESSENTIAL}
        row={{ label: (s) => `Stop ${s.id}` }}
      />,
    );
    await vi.waitFor(() => expect(table).not.toHaveAttribute('data-folded'));
    expect(headersOf(table)).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /^Details of / })).toBeNull();
  });

  it('never folds a table without essential columns, nor one whose columns all fit', () => {
    fakeLayout(() => 300);
    const { unmount } = render(<DataTable label="Stops" data={STOPS} columns={stopColumns} getRowId={(s) => s.id} />);
    expect(screen.getByRole('table', { name: 'Stops' })).not.toHaveAttribute('data-folded');
    unmount();
    vi.restoreAllMocks();
    fakeLayout(() => 900, 100);
    render(<DataTable label="Stops" data={STOPS} columns={stopColumns} getRowId={(s) => s.id} essential={ESSENTIAL} />);
    expect(screen.getByRole('table', { name: 'Stops' })).not.toHaveAttribute('data-folded');
  });

  it('keeps a lone date or id on one line, and lets longer text wrap', () => {
    render(<DataTable label="Stops" data={STOPS} columns={stopColumns} getRowId={(s) => s.id} essential={ESSENTIAL} />);
    const [, first] = within(screen.getByRole('table', { name: 'Stops' })).getAllByRole('row');
    const cells = within(first).getAllByRole('cell');
    expect(cells[2]).toHaveStyle({ whiteSpace: 'nowrap' }); // 2026-11-25
    expect(cells[1]).toHaveStyle({ whiteSpace: 'nowrap' }); // CHI_1
    const [, , second] = within(screen.getByRole('table', { name: 'Stops' })).getAllByRole('row');
    expect(within(second).getAllByRole('cell')[4].style.whiteSpace).toBe(''); // Not Started
  });
});
