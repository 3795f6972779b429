// Browser test of planograms (spec 3-planning §2, §4, §5, §7, §8): a new layout
// made with 'Create New Planogram'; then, on a layout of its own, an update file
// with a duplicate (blocked, Submit disabled), then with what only the
// server's dry run finds (an unknown layout, an hour Central time skips),
// fixed and submitted, and its
// scheduled changes seen as upcoming (PENDING) in the layout viewer. Every
// layout is new (a unique name), so the test needs no other data and runs in
// any order.
import assert from 'node:assert/strict';
import { closeContexts, expect, graphqlAs, readStack, setPermissionAs, signIn, test, TIMEOUT_MS } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const run = Date.now();
const year = new Date().getFullYear() + 1; // always in the future: the scheduler must not apply it
const CREATE_HEADER = 'layoutName,slot,vendItemName,physicalFridgeConfig';
const UPDATE_HEADER = 'layoutName,slot,vendItemName,activeHour';
const ERRORS_HEADING = 'Please fix the following errors and reupload your file:';

let stack;
let browser;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true })).newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  await signIn(page, stack.users.admin);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const open = async () => {
  await page.goto(new URL('/planograms', stack.webUrl).toString());
  await expect(page.getByRole('heading', { name: 'Planogram', level: 1 })).toBeVisible();
};
const picker = () => page.getByLabel('Planogram CSV');
const submit = () => page.getByRole('button', { name: 'Submit', exact: true });
const choose = (name, text) => picker().setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const successPanel = (n) =>
  page.getByText(`Total of successfully validated and processed records: ${n}.`, { exact: true });

/** Picks a layout in the viewer once the names list holds it. */
async function view(layout) {
  const select = page.getByLabel('Layout', { exact: true });
  await expect(select.locator('option', { hasText: layout })).toBeAttached();
  await select.selectOption(layout);
}

test.describe('planograms', () => {
  test.describe.configure({ timeout: 6 * TIMEOUT_MS });
  test('Create New Planogram makes a layout whose slots the viewer shows', async () => {
    const layout = `E2E_NEW_${run}`;
    await open();
    await page.getByLabel('Request type').selectOption({ label: 'Create New Planogram' });
    await expect(page.getByText(`Columns: ${CREATE_HEADER.split(',').join(', ')}.`)).toBeVisible();
    await choose(
      'new-layout.csv',
      `${CREATE_HEADER}\n${layout},1:1,COLD_BREW_12OZ,3x1\n${layout},1:2,KOMBUCHA,3x1\n${layout},1:3,GRANOLA_BAR,3x1\n`,
    );
    await expect(page.getByText('3 rows ready')).toBeVisible();
    await submit().click();
    await expect(successPanel(3)).toBeVisible();
    await expect(page.getByText(ERRORS_HEADING), 'no errors').toHaveCount(0);

    // The viewer opens the new layout (nothing was chosen), its names list refreshed.
    await view(layout);
    const slots = page.getByRole('table', { name: 'Current slots' });
    await expect(slots.getByRole('cell', { name: 'GRANOLA_BAR', exact: true })).toBeVisible();
    const text = await slots.innerText();
    assert.match(text, /1:1\s+COLD_BREW_12OZ\s+3x1/);
    assert.match(text, /1:3\s+GRANOLA_BAR\s+3x1/);
  });

  test('an update file with a duplicate is blocked; fixed, it schedules changes seen as upcoming', async () => {
    const layout = `E2E_UPD_${run}`;
    // A layout of its own, created through the API as the Create New Planogram path does.
    const created = await graphqlAs(
      page,
      `mutation E2eCreate($input: [PlanogramUpdateInput!]!, $uploadId: ID, $fileName: String) {
        schedulePlanogramUpdate(input: $input, uploadId: $uploadId, fileName: $fileName) { successCount errors totalCount }
      }`,
      {
        uploadId: `e2e-planogram-${run}`,
        fileName: 'e2e-create.csv',
        input: ['1:1', '1:2'].map((slot, i) => ({
          requestType: 'CREATE',
          layoutName: layout,
          slot,
          vendItemName: 'ORANGE_JUICE',
          physicalFridgeConfig: '2x1',
          line: i + 2,
        })),
      },
    );
    assert.deepEqual(created.schedulePlanogramUpdate, { successCount: 2, errors: [], totalCount: 2 });

    await open();
    await view(layout);
    const upcoming = page.getByRole('table', { name: 'Upcoming changes' });
    await expect(page.getByText('No changes are scheduled for this layout.')).toBeVisible();

    await page.getByLabel('Request type').selectOption({ label: 'Update Existing Planogram' });
    // activeHour's explanation says Central time.
    await page.getByRole('button', { name: 'About activeHour' }).focus();
    await expect(page.getByRole('tooltip').getByText(/Central time/)).toBeVisible();

    const hour = `12/01/${year} 06:00:00`;
    await choose('update.csv', `${UPDATE_HEADER}\n${layout},1:1,KOMBUCHA,${hour}\n${layout},1:1,FRUIT_CUP,${hour}\n`);
    await expect(page.getByText(ERRORS_HEADING, { exact: true })).toBeVisible();
    const errors = page.getByRole('list', { name: 'Errors' });
    assert.deepEqual(await errors.getByRole('listitem').allInnerTexts(), [
      'Line 2: Duplicated records: Lines 2 and 3',
      'Line 3: Duplicated records: Lines 2 and 3',
    ]);
    await expect(submit()).toBeDisabled();

    // What only the server knows, found by its dry run before Submit.
    const march = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const springForward = `03/${String(1 + ((7 - march) % 7) + 7).padStart(2, '0')}/${year} 02:30:00`; // 2nd Sunday of March
    const unknown = `E2E_NOPE_${run}`;
    await choose(
      'update.csv',
      `${UPDATE_HEADER}\n${unknown},1:1,KOMBUCHA,${hour}\n${layout},1:2,FRUIT_CUP,${springForward}\n`,
    );
    await expect(
      errors.getByText(`Line 2: Layout ${unknown} does not exist. Choose Create New Planogram to add it.`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      errors.getByText(`Line 3: ${springForward} does not exist in Central time (the clocks skip that hour).`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(submit()).toBeDisabled();

    // Fixed: another slot, and slot 1:1 again a day later (a warning, not an error).
    const later = `12/02/${year} 06:00:00`;
    await choose(
      'update.csv',
      `${UPDATE_HEADER}\n${layout},1:1,KOMBUCHA,${hour}\n${layout},1:2,FRUIT_CUP,${hour}\n${layout},1:1,GRANOLA_BAR,${later}\n`,
    );
    await expect(page.getByText('3 rows ready')).toBeVisible();
    await expect(page.getByText(ERRORS_HEADING)).toHaveCount(0);
    assert.deepEqual(await page.getByRole('list', { name: 'Warnings' }).getByRole('listitem').allInnerTexts(), [
      'Line 2: The same layoutName and slot are also on line(s) 4.',
      'Line 4: The same layoutName and slot are also on line(s) 2.',
    ]);
    await submit().click();
    await expect(successPanel(3)).toBeVisible();
    await expect(submit(), 'the file is cleared after a Submit').toBeDisabled();

    // The viewer refreshes by itself: the three changes are upcoming, at their Central hour.
    await expect(upcoming.getByRole('cell', { name: 'GRANOLA_BAR', exact: true })).toBeVisible();
    const rows = await upcoming.locator('tbody tr').allInnerTexts();
    const flat = rows.map((r) => r.replace(/\s+/g, ' ').trim());
    assert.equal(flat.length, 3, flat.join('\n'));
    assert.match(flat[0], new RegExp(`^1:1 KOMBUCHA ${hour.replace(/\//g, '\\/')} \\S+ PENDING`));
    assert.match(flat[1], new RegExp(`^1:2 FRUIT_CUP ${hour.replace(/\//g, '\\/')} \\S+ PENDING`));
    assert.match(flat[2], new RegExp(`^1:1 GRANOLA_BAR ${later.replace(/\//g, '\\/')} \\S+ PENDING`));
  });

  test('without SchedulePlanograms the file and Submit are disabled with the reason', async () => {
    // The restricted user may view planograms (granted here) but not schedule them.
    await setPermissionAs(page, stack.users.restricted.email, 'GetPlanograms');
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const other = await context.newPage();
      other.setDefaultTimeout(TIMEOUT_MS);
      await signIn(other, stack.users.restricted, { path: '/planograms' });
      await expect(other.getByRole('heading', { name: 'Planogram', level: 1 })).toBeVisible();
      // The file cannot be chosen: its check needs SchedulePlanograms too (the integration tests check
      // that the server refuses the dry run and Submit).
      const input = other.getByLabel('Planogram CSV');
      await other.waitForFunction(() => document.querySelector('input[type=file]')?.disabled === true);
      const reason = await other.locator('.guard', { has: input }).getAttribute('title');
      assert.match(reason ?? '', /^You need permission to schedule planogram updates\./);
      await expect(other.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
      await expect(other.getByText(/Total of successfully validated/)).toHaveCount(0);
    } finally {
      await context.close();
      await setPermissionAs(page, stack.users.restricted.email, 'GetPlanograms', { remove: true });
    }
  });
});
