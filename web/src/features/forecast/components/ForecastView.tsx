import { useState } from 'react';
import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { useRefusal } from '@/lib/access';
import { isForbidden } from '@/lib/api';
import { useToast } from '@/lib/toast';
import { messageOf } from '@/lib/error-message';
import { useForecast, type ForecastRow } from '../api/get-forecast';
import { useUpdateForecast } from '../api/update-forecast';
import { todayIn } from '@/components/dates';
import rules from '@/generated/rules.json';

/** /forecast/view (3-planning §2): a date, Search, Item and Quantity; an item opens its edit modal. */
export function ForecastView() {
  const [date, setDate] = useState(() => todayIn());
  const [searched, setSearched] = useState<string | null>(null);
  const [editing, setEditing] = useState<ForecastRow | null>(null);
  const forecast = useForecast(searched);

  const columns: DataColumn<ForecastRow>[] = [
    {
      id: 'item',
      header: 'Item',
      value: (r) => r.Item,
      cell: (r) => (
        <Button variation="link" size="small" onClick={() => setEditing(r)} aria-label={`Edit ${r.Item}`}>
          {r.Item}
        </Button>
      ),
    },
    { id: 'quantity', header: 'Quantity', value: (r) => r.Quantity },
  ];

  return (
    <Flex direction="column" gap="1rem">
      <Flex gap="1rem" alignItems="flex-end" wrap="wrap">
        <DatePicker label="Date" value={date} onChange={setDate} />
        <Button
          variation="primary"
          onClick={() => date && setSearched(date)}
          isDisabled={!date}
          isLoading={forecast.isFetching}
        >
          Search
        </Button>
      </Flex>
      {forecast.isError ? (
        <Alert variation="error">{messageOf(forecast.error, 'The forecast could not be loaded')}</Alert>
      ) : null}
      {searched && forecast.data ? (
        <DataTable
          label={`Forecast for ${searched}`}
          data={forecast.data}
          columns={columns}
          getRowId={(r) => r.Item}
          noun="items"
          filter={{ placeholder: 'Search items' }}
          emptyMessage={`No forecast for ${searched}`}
          exportFileName={`forecast-${searched}.csv`}
          initialSort={{ id: 'item' }}
        />
      ) : null}
      {editing && searched ? <EditQuantity row={editing} date={searched} onClose={() => setEditing(null)} /> : null}
    </Flex>
  );
}

function EditQuantity({ row, date, onClose }: { row: ForecastRow; date: string; onClose: () => void }) {
  const [value, setValue] = useState(row.Quantity === null ? '' : String(row.Quantity));
  const update = useUpdateForecast();
  const refusal = useRefusal('PUT /forecast/update');
  const toast = useToast();
  const quantity = Number(value);
  // The server's own bound and words (rules.json), the same for a file's line.
  const valid =
    value.trim() !== '' && Number.isInteger(quantity) && quantity >= 0 && quantity <= rules.forecast.maxQuantity;

  const save = () => {
    if (!valid || refusal) return;
    update.mutate(
      { item: row.Item, quantity, date, previousQuantity: row.Quantity ?? undefined },
      {
        onSuccess: () => {
          toast.success(`${row.Item} on ${date}: ${row.Quantity ?? 'none'} → ${quantity}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={`${row.Item} on ${date}`}
      onCancel={onClose}
      footer={
        <Flex gap="0.5rem" justifyContent="flex-end">
          <Button onClick={onClose}>Close</Button>
          <Guard call="PUT /forecast/update">
            {(refused) => (
              <Button
                variation="primary"
                onClick={save}
                isDisabled={refused || !valid || update.isPending}
                isLoading={update.isPending}
              >
                Save changes
              </Button>
            )}
          </Guard>
        </Flex>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label="Quantity"
          type="number"
          min={0}
          max={rules.forecast.maxQuantity}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hasError={!valid}
          errorMessage={rules.forecast.quantityMessage}
          data-autofocus
        />
      </form>
      {/* A permission failure is the kit's dialog's to say, not this form's. */}
      {update.isError && !isForbidden(update.error) ? (
        <Text color="font.error" role="alert">
          {messageOf(update.error, 'The quantity could not be saved')}
        </Text>
      ) : null}
    </Modal>
  );
}
