// Browser test of planograms (spec 3-planning §2, §4, §5, §7, §8): a new layout
// made with 'Create New Planogram'; then, on a layout of its own, an update file
// with a duplicate (blocked, Submit disabled), then with what only the
// server's dry run finds (an unknown layout, an hour Central time skips),
// fixed and submitted, and its
// scheduled changes seen as upcoming (PENDING) in the layout viewer. Every
// layout is new (a unique name), so the test needs no other data and runs in
// any order.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { graphqlAs, launch, readStack, setPermissionAs, signIn, TIMEOUT_MS } from './helpers.mjs';

const run = Date.now();
const year = new Date().getFullYear() + 1; // always in the future: the scheduler must not apply it
const CREATE_HEADER = 'layoutName,slot,vendItemName,physicalFridgeConfig';
const UPDATE_HEADER = 'layoutName,slot,vendItemName,activeHour';
const ERRORS_HEADING = 'Please fix the following errors and reupload your file:';

let stack;
let browser;
let page;

before(async () => {
  stack = readStack();
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true })).newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  await signIn(page, stack.users.admin);
});

after(async () => {
  await browser?.close();
});

const open = async () => {
  await page.goto(new URL('/planograms', stack.webUrl).toString());
  await page.getByRole('heading', { name: 'Planogram', level: 1 }).waitFor();
};
const picker = () => page.getByLabel('Planogram CSV');
const submit = () => page.getByRole('button', { name: 'Submit', exact: true });
const choose = (name, text) => picker().setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const successPanel = (n) =>
  page.getByText(`Total of successfully validated and processed records: ${n}.`, { exact: true });

/** Picks a layout in the viewer once the names list holds it. */
async function view(layout) {
  const select = page.getByLabel('Layout', { exact: true });
  await select.locator('option', { hasText: layout }).waitFor({ state: 'attached' });
  await select.selectOption(layout);
}

describe('planograms', { timeout: 6 * TIMEOUT_MS }, () => {
  test('Create New Planogram makes a layout whose slots the viewer shows', async () => {
    const layout = `E2E_NEW_${run}`;
    await open();
    await page.getByLabel('Request type').selectOption({ label: 'Create New Planogram' });
    await page.getByText(`Columns: ${CREATE_HEADER.split(',').join(', ')}.`).waitFor();
    await choose(
      'new-layout.csv',
      `${CREATE_HEADER}\n${layout},1:1,COLD_BREW_12OZ,3x1\n${layout},1:2,KOMBUCHA,3x1\n${layout},1:3,GRANOLA_BAR,3x1\n`,
    );
    await page.getByText('3 rows ready').waitFor();
    await submit().click();
    await successPanel(3).waitFor();
    assert.equal(await page.getByText(ERRORS_HEADING).count(), 0, 'no errors');

    // The viewer opens the new layout (nothing was chosen), its names list refreshed.
    await view(layout);
    const slots = page.getByRole('table', { name: 'Current slots' });
    await slots.getByRole('cell', { name: 'GRANOLA_BAR', exact: true }).waitFor();
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
    await page.getByText('No changes are scheduled for this layout.').waitFor();

    await page.getByLabel('Request type').selectOption({ label: 'Update Existing Planogram' });
    // activeHour's explanation says Central time.
    await page.getByRole('button', { name: 'About activeHour' }).focus();
    await page
      .getByRole('tooltip')
      .getByText(/Central time/)
      .waitFor();

    const hour = `12/01/${year} 06:00:00`;
    await choose('update.csv', `${UPDATE_HEADER}\n${layout},1:1,KOMBUCHA,${hour}\n${layout},1:1,FRUIT_CUP,${hour}\n`);
    await page.getByText(ERRORS_HEADING, { exact: true }).waitFor();
    const errors = page.getByRole('list', { name: 'Errors' });
    assert.deepEqual(await errors.getByRole('listitem').allInnerTexts(), [
      'Line 2: Duplicated records: Lines 2 and 3',
      'Line 3: Duplicated records: Lines 2 and 3',
    ]);
    assert.equal(await submit().isDisabled(), true);

    // What only the server knows, found by its dry run before Submit.
    const march = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const springForward = `03/${String(1 + ((7 - march) % 7) + 7).padStart(2, '0')}/${year} 02:30:00`; // 2nd Sunday of March
    const unknown = `E2E_NOPE_${run}`;
    await choose(
      'update.csv',
      `${UPDATE_HEADER}\n${unknown},1:1,KOMBUCHA,${hour}\n${layout},1:2,FRUIT_CUP,${springForward}\n`,
    );
    await errors
      .getByText(`Line 2: Layout ${unknown} does not exist. Choose Create New Planogram to add it.`, { exact: true })
      .waitFor();
    await errors
      .getByText(`Line 3: ${springForward} does not exist in Central time (the clocks skip that hour).`, {
        exact: true,
      })
      .waitFor();
    assert.equal(await submit().isDisabled(), true);

    // Fixed: another slot, and slot 1:1 again a day later (a warning, not an error).
    const later = `12/02/${year} 06:00:00`;
    await choose(
      'update.csv',
      `${UPDATE_HEADER}\n${layout},1:1,KOMBUCHA,${hour}\n${layout},1:2,FRUIT_CUP,${hour}\n${layout},1:1,GRANOLA_BAR,${later}\n`,
    );
    await page.getByText('3 rows ready').waitFor();
    assert.equal(await page.getByText(ERRORS_HEADING).count(), 0);
    assert.deepEqual(await page.getByRole('list', { name: 'Warnings' }).getByRole('listitem').allInnerTexts(), [
      'Line 2: The same layoutName and slot are also on line(s) 4.',
      'Line 4: The same layoutName and slot are also on line(s) 2.',
    ]);
    await submit().click();
    await successPanel(3).waitFor();
    assert.equal(await submit().isDisabled(), true, 'the file is cleared after a Submit');

    // The viewer refreshes by itself: the three changes are upcoming, at their Central hour.
    await upcoming.getByRole('cell', { name: 'GRANOLA_BAR', exact: true }).waitFor();
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
      await other.getByRole('heading', { name: 'Planogram', level: 1 }).waitFor();
      // The file cannot be chosen: its check needs SchedulePlanograms too (the integration tests check
      // that the server refuses the dry run and Submit).
      const input = other.getByLabel('Planogram CSV');
      await other.waitForFunction(() => document.querySelector('input[type=file]')?.disabled === true);
      const reason = await other.locator('.guard', { has: input }).getAttribute('title');
      assert.match(reason ?? '', /^You need the SchedulePlanograms permission\./);
      assert.equal(await other.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true);
      assert.equal(await other.getByText(/Total of successfully validated/).count(), 0);
    } finally {
      await context.close();
      await setPermissionAs(page, stack.users.restricted.email, 'GetPlanograms', { remove: true });
    }
  });
});
