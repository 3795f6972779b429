// Browser test of the forecast tools (spec 3-planning §2, §4, §5): a file that
// is not CSV, a file with a bad line, the Holdover Alert, the upload through
// S3 and the ingest followed to the end, then one quantity edited in the
// forecast view. Uses a date of its own.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminPage, closeContexts, expect, ownDay, readStack, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const day = ownDay('forecast', stamp);
const iso = (d) => d.toISOString().slice(0, 10);
const slash = (d) => iso(d).replaceAll('-', '/');
const before3 = new Date(day.getTime() - 3 * 86_400_000);
const item = `E2E Salad ${stamp}`;
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

async function file(name, text) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-forecast-'));
  const f = path.join(dir, name);
  await writeFile(f, text);
  return f;
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await adminPage(browser, stack);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('uploads a forecast through S3, sees it stored, and edits one quantity', async () => {
  await page.goto(url('/forecast/upload'));
  const picker = page.getByLabel('Forecast CSV');
  await picker.setInputFiles(await file('forecast.txt', 'Item,AllocationDate,Quantity,ProductionDate\n'));
  await expect(page.getByText('Please upload a .csv file')).toBeVisible();

  const header = 'Item,AllocationDate,Quantity,ProductionDate';
  await picker.setInputFiles(
    await file('bad.csv', `${header}\n"${item}",${slash(day)},12,${slash(day)}\nSoup,${iso(day)},4,${slash(day)}\n`),
  );
  await expect(page.getByText(`Line 3: AllocationDate '${iso(day)}' must be YYYY/MM/DD`)).toBeVisible();
  assert.equal(
    await page.getByRole('button', { name: 'Upload Forecast' }).isDisabled(),
    true,
    'a file with a bad line cannot go',
  );

  await picker.setInputFiles(
    await file(
      'good.csv',
      `${header}\n"${item}",${slash(day)},12,${slash(day)}\nSoup,${slash(day)},4,${slash(before3)}\n`,
    ),
  );
  const alert = page.getByRole('alertdialog', { name: 'Holdover Alert' });
  await expect(
    alert.getByText(`Line 3: Soup: 3 days between ProductionDate ${slash(before3)} and AllocationDate ${slash(day)}`),
  ).toBeVisible();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Forecast preview' }).getByText(item)).toBeVisible();
  await page.getByRole('button', { name: 'Upload Forecast' }).click();
  await expect(page.getByText('Forecast uploaded: 2 rows stored.')).toBeVisible({ timeout: 60_000 });

  await page.goto(url('/forecast/view'));
  await page.getByLabel('Date').fill(iso(day));
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: `Forecast for ${iso(day)}` });
  await expect(table.getByText(item)).toBeVisible();
  assert.match(await table.innerText(), new RegExp(`${item}\\s+12`));
  await table.getByRole('button', { name: `Edit ${item}` }).click();
  const dialog = page.getByRole('dialog', { name: `${item} on ${iso(day)}` });
  await dialog.getByLabel('Quantity').fill('9');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).not.toBeAttached();
  await expect(table.getByText(/^9$/)).toBeVisible();
  assert.match(await table.innerText(), new RegExp(`${item}\\s+9`));
  assert.match(await table.innerText(), /Soup\s+4/);
});
