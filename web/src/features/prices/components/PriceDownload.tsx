import { useState } from 'react';
import { Alert, Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { download } from '@/lib/csv';
import { todayIn } from '@/components/dates';
import { useSchemaIds } from '../api/get-schema-ids';
import { getItemPrices } from '../api/get-item-prices';
import { ALL_SCHEMAS, fileName, MESSAGES, pricesCsv } from '../lib/prices-csv';

/** /item-prices-landing (3-planning §2): one schema or 'All Schemas', downloaded as CSV. */
export function PriceDownload() {
  const ids = useSchemaIds();
  const [schema, setSchema] = useState(ALL_SCHEMAS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'warning' | 'success'; text: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const prices = await getItemPrices(schema === ALL_SCHEMAS ? null : [schema]);
      if (prices.length === 0) {
        setMessage({ tone: 'warning', text: MESSAGES.none });
        return;
      }
      download(fileName(schema, todayIn()), pricesCsv(prices));
      setMessage({ tone: 'success', text: `Downloaded ${prices.length} prices.` });
    } catch {
      setMessage({ tone: 'error', text: MESSAGES.download });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="1rem" maxWidth="30rem">
      {ids.isError ? <Alert variation="error">{MESSAGES.schemaIds}</Alert> : null}
      <SelectField label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} isDisabled={ids.isLoading}>
        <option value={ALL_SCHEMAS}>{ALL_SCHEMAS}</option>
        {(ids.data ?? []).map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </SelectField>
      <Button variation="primary" onClick={() => void run()} isLoading={busy} loadingText="Downloading…">
        Download prices
      </Button>
      {message ? (
        <Alert variation={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
    </Flex>
  );
}
