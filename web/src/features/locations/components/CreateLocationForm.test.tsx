import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { CreateLocationForm } from './CreateLocationForm';
import { keepOpsLocations, readKeptOpsLocations } from '@/lib/locations/kept-ops-locations';
import { CREATE_LOCATION_FAILURE, LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE } from '@/lib/messages';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);
let created: Record<string, unknown>[];
let createError: unknown;

beforeEach(() => {
  created = [];
  createError = null;
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (doc: unknown, v?: unknown) => {
    const q = String(doc);
    if (q.includes('getPlanogramNames')) return { getPlanogramNames: ['LAYOUT_A'] } as never;
    if (q.includes('getFridgeSchemasTemplates')) throw new TypeError('Failed to fetch');
    if (q.includes('getPriceMapTemplates')) return { getPriceMapTemplates: ['PMT_NE_STANDARD'] } as never;
    if (q.includes('createLocation(')) {
      if (createError) throw createError;
      const input = JSON.parse((v as Record<string, string>).input) as Record<string, unknown>;
      created.push(input);
      return { createLocation: { id: input.id } } as never;
    }
    throw new Error(q);
  });
});

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/locations/new" element={<CreateLocationForm />} />
      <Route path="/locations/detail/:id" element={<p>DETAIL PAGE</p>} />
    </Routes>,
    { route: '/locations/new' },
  );
}

/**
 * Enters `text` in the empty field labelled `label`, as a paste after a click (one input event, not one per key):
 * these tests are about what the form sends and shows, not about typing.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Fills the ten required fields. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'id', 'CHI_NEW_1');
  await fill(user, 'prettyName', 'New fridge');
  await fill(user, 'street', '1 Main St');
  await fill(user, 'city', 'Chicago');
  await fill(user, 'zipCode', '60601');
  await fill(user, 'latitude', '41.88');
  await fill(user, 'longitude', '-87.63');
  await fill(user, 'directions', 'Lobby');
  await fill(user, 'onlineDate', '2026-03-01');
  await user.selectOptions(screen.getByLabelText('layoutName'), 'dummy');
}

describe('CreateLocationForm', () => {
  it('loads the name lists and reports a failed one', async () => {
    renderForm();
    expect(await screen.findByText(LOAD_FRIDGE_SCHEMA_TEMPLATES_FAILURE)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByLabelText('layoutName')).getByRole('option', { name: 'LAYOUT_A' })).toBeInTheDocument(),
    );
    expect(within(screen.getByLabelText('layoutName')).getByRole('option', { name: 'Default' })).toHaveValue('dummy');
    expect(screen.getByLabelText('fridgeSchema')).toHaveValue('MW_STANDARD/latest');
    expect(
      within(screen.getByLabelText('priceMapTemplate')).getByRole('option', { name: 'PMT_NE_STANDARD' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('state').querySelectorAll('option')).toHaveLength(49);
  });

  it('applies the state and time zone rules', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('state'), 'WI');
    expect(screen.getByLabelText('taxRate')).toHaveValue('0');
    await user.selectOptions(screen.getByLabelText('state'), 'NY');
    expect(screen.getByLabelText('taxRate')).toHaveValue('2.25');
    await user.selectOptions(screen.getByLabelText('timeZone'), 'NEWYORK');
    expect(screen.getByLabelText('Sunday')).toBeChecked();
    expect(screen.getByLabelText('Monday')).not.toBeChecked();
    expect(screen.getByLabelText('Tuesday')).toBeChecked();
  });

  it('validates in the browser before sending', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('id cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('layoutName cannot be empty')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('labels the fields with words and marks the required ones', () => {
    renderForm();
    const name = screen.getByLabelText('Location Name*');
    expect(name).toHaveAttribute('name', 'prettyName');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Location ID*')).toHaveAttribute('name', 'id');
    expect(screen.getByLabelText('Fridge-specific holiday screen')).toHaveAttribute(
      'name',
      'holidayScreenFridgeSpecific',
    );
    expect(screen.getByLabelText('Ready for allocation')).toHaveAttribute('name', 'prod');
    expect(screen.getByLabelText('Layout*')).toBeRequired();
    expect(screen.getByLabelText('Directions*')).toBeRequired();
    expect(screen.getByLabelText('Route')).not.toBeRequired();
    expect(screen.getByLabelText('Route')).not.toHaveAttribute('aria-required');
    // The '*' is only seen; the legend explains it.
    expect(screen.getAllByText('*')[0]).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Fields marked with an asterisk are required')).toBeInTheDocument();
    // No field's main label is its raw key any more.
    const labels = [...document.querySelectorAll('label.amplify-label')].map((l) => l.textContent);
    expect(labels).not.toContain('prettyName');
    expect(labels).not.toContain('holidayScreenFridgeSpecific');
  });

  it('moves the focus to the first field with an error after a refused submit', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('Location ID*')).toHaveFocus());
    await user.type(screen.getByLabelText('id'), 'CHI_NEW_1');
    await user.type(screen.getByLabelText('prettyName'), 'New fridge');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('street')).toHaveFocus());
    expect(created).toEqual([]);
  });

  it('submits the payload and goes to the detail page', async () => {
    const user = userEvent.setup();
    keepOpsLocations('2026-11-29', [{ id: 'CHI_0001' }]);
    renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
    // The pars screens' kept list of locations lacks the new one: forgotten.
    expect(readKeptOpsLocations('2026-11-29')).toBeNull();
    expect(created[0]).toMatchObject({ id: 'CHI_NEW_1', hours: 1, layoutName: 'dummy', state: 'IL', taxRate: '2.25' });
    expect(created[0]).not.toHaveProperty('route');
  }, 20_000);

  it('shows the server message, else the fallback, in an alert dialog', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    createError = new ApiError('Location CHI_NEW_1 already exists', { errorType: 'Conflict' });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Location CHI_NEW_1 already exists')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    createError = new TypeError('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(CREATE_LOCATION_FAILURE)).toBeInTheDocument();
  }, 20_000);
});
