import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { messageOf } from '@/lib/error-message';
import { getParsReport, type ReportLocation } from '../api/get-pars-report';
import { packingSlips, summary, type Slot } from '../lib/packing-report';
import { MESSAGES } from '../lib/par-groups';
import { LOAD_REPORT_FAILURE } from '@/lib/messages';
import { todayIn } from '@/components/dates';

const columns: DataColumn<Slot>[] = [
  { id: 'zone', header: 'Zone', value: (s) => s.zone },
  { id: 'bay', header: 'Bay', value: (s) => s.bay },
  { id: 'item', header: 'Item', value: (s) => s.item },
  { id: 'need', header: 'Need', value: (s) => s.need },
];

// Warehouse staff print the slips: one location per page, no screen chrome.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #packing-slips, #packing-slips * { visibility: visible; }
  #packing-slips { position: absolute; left: 0; top: 0; width: 100%; }
  #packing-slips section { break-after: page; }
  #packing-slips div { max-height: none !important; overflow: visible !important; }
}`;

/** /pars/prodreport: the packing slips of a date, per location, with a Summary (3-planning §2). */
export function PackingReport() {
  const [date, setDate] = useState(() => todayIn());
  const [report, setReport] = useState<ReportLocation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A read run by the Search button; its failure is the screen's own message.
  const reading = useMutation({ mutationFn: getParsReport, meta: SHOWS_OWN_ERRORS });

  const search = async () => {
    if (!date) return;
    setError(null);
    try {
      setReport(packingSlips((await reading.mutateAsync(date)).locations));
    } catch (e) {
      setError(messageOf(e, LOAD_REPORT_FAILURE));
    }
  };

  if (report === null) {
    return (
      <Flex direction="column" gap="1rem">
        <Flex gap="1rem" alignItems="flex-end">
          <DatePicker label="Date" value={date} onChange={setDate} />
          <Button variation="primary" onClick={() => void search()} isLoading={reading.isPending} isDisabled={!date}>
            Search
          </Button>
        </Flex>
        {error ? <Alert variation="error">{error}</Alert> : null}
      </Flex>
    );
  }
  const table = (label: string, slots: Slot[]) => (
    <DataTable
      label={label}
      data={slots}
      columns={columns}
      getRowId={(s) => `${s.zone}${s.bay}${s.item}`}
      noun="items"
      filter={false}
      height="none"
    />
  );
  return (
    <Flex direction="column" gap="1rem">
      <style>{PRINT_CSS}</style>
      <Flex gap="1rem" alignItems="center">
        <Text fontWeight="bold">Packing slips for {date}</Text>
        <Button onClick={() => setReport(null)}>Choose Another Date</Button>
        <Button onClick={() => window.print()} isDisabled={report.length === 0}>
          Print slips
        </Button>
      </Flex>
      {report.length === 0 ? (
        <Alert variation="info">{MESSAGES.noData}</Alert>
      ) : (
        <Flex id="packing-slips" direction="column" gap="2rem">
          <section aria-label="Summary">
            <Heading level={2} fontSize="large">
              Summary
            </Heading>
            {table('Summary', summary(report))}
          </section>
          {report.map((l) => (
            <section key={l.location} aria-label={`Packing slip ${l.location}`}>
              <Heading level={2} fontSize="large">
                {l.location} — driver {l.driver || 'unassigned'}
              </Heading>
              {table(`Packing slip ${l.location}`, l.slots)}
            </section>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
