import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, rest } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { BulkImport } from './BulkImport';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

const CSV = `POS_NAME__c,Fridge_State__c,Fridge_City__c,Fridge_Street__c,Fridge_Zipcode__c,Sales_Tax_Rate__c,Vertical__c,Consumer_Friendly_Location__c,Consumer_Friendly_NAme__c,Access_Type__c,Stocking_Date__c,MALongitude__c,MALatitude__c,Business_Hours__c
IMP_1,IL,Chicago,1 A St,60601,2.25,Office,Lobby,One,Private,2026-02-02,-87.63,41.88,24 Hours
IMP_2,IL,Chicago,2 B St,60601,2.25,Office,Lobby,Two,Private,2026-02-02,-87.63,41.88,24 Hours
IMP_DUP,IL,Chicago,3 C St,60601,2.25,Office,Lobby,Three,Private,2026-02-02,-87.63,41.88,24 Hours
,IL,Chicago,4 D St,60601,2.25,Office,Lobby,Four,Private,2026-02-02,-87.63,41.88,24 Hours
IMP_5,IL,Chicago,5 E St,60601,2.25,Office,Lobby,Five,Private,2026-02-02,-87.63,41.88,Mon-Fri 8-5
`;

beforeEach(() => {
  restMock.mockReset();
  restMock.mockImplementation(async (_m, _p, body) => {
    const b = body as Record<string, unknown>;
    if (b.id === 'IMP_DUP') throw new ApiError('Location IMP_DUP already exists', { status: 409 });
    return b as never;
  });
});

describe('BulkImport', () => {
  it('previews, sends valid rows, removes created ones and keeps failures', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BulkImport />);
    expect(screen.getByText(/Excel \(XLSX\) files are not supported/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('CSV file'), new File([CSV], 'export.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('table', { name: 'Locations to import' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(5));
    expect(within(table).getAllByRole('img', { name: /^valid/ })).toHaveLength(3);
    expect(within(table).getAllByRole('img', { name: /^invalid/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Create new locations' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(restMock).toHaveBeenCalledTimes(3);
    expect(restMock).toHaveBeenCalledWith('POST', '/locations', expect.objectContaining({ id: 'IMP_1', hours: 1, type: 'FRIDGE' }));
    expect(within(table).getByText('Location IMP_DUP already exists')).toBeInTheDocument();
    expect(within(table).getAllByRole('img', { name: /^invalid/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Create new locations' })).toBeDisabled();
  });

  it('refuses Excel files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BulkImport />);
    await user.upload(screen.getByLabelText('CSV file'), new File(['x'], 'export.xlsx'));
    expect(screen.getByText(/Excel files are not supported/)).toBeInTheDocument();
  });
});
