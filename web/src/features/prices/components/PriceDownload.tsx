import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { download } from '@/lib/csv';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { todayIn } from '@/components/dates';
import { useSchemaIds } from '../api/get-schema-ids';
import { getItemPrices } from '../api/get-item-prices';
import { ALL_SCHEMAS, fileName, MESSAGES, pricesCsv } from '../lib/prices-csv';

/** /item-prices-landing (3-planning §2): one schema or 'All Schemas', downloaded as CSV. */
export function PriceDownload() {
  const ids = useSchemaIds();
  const [schema, setSchema] = useState(ALL_SCHEMAS);
  // A read run by the button; its failure is the screen's own message.
  const prices = useMutation({
    mutationFn: (chosen: string) => getItemPrices(chosen === ALL_SCHEMAS ? null : [chosen]),
    meta: SHOWS_OWN_ERRORS,
  });
  const [message, setMessage] = useState<{ tone: 'error' | 'warning' | 'success'; text: string } | null>(null);

  const run = async () => {
    setMessage(null);
    try {
      const found = await prices.mutateAsync(schema);
      if (found.length === 0) {
        setMessage({ tone: 'warning', text: MESSAGES.none });
        return;
      }
      download(fileName(schema, todayIn()), pricesCsv(found));
      setMessage({ tone: 'success', text: `Downloaded ${found.length} prices.` });
    } catch {
      setMessage({ tone: 'error', text: MESSAGES.download });
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
      <Button variation="primary" onClick={() => void run()} isLoading={prices.isPending} loadingText="Downloading…">
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
