import { Flex, Text } from '@aws-amplify/ui-react';

/** One write as the history APIs return it (locationHistory, routeDriverHistory...); values are JSON text. */
export interface HistoryRecordView {
  at: string;
  who: string;
  source: string;
  changes: { attribute: string; oldValue?: string | null; newValue?: string | null; reason?: string | null }[];
}

export interface HistoryRecordsProps {
  records: HistoryRecordView[];
  /** Accessible name of the list. */
  label: string;
  /** How a record's instant reads (in the fridge's zone, in Central...). */
  time: (at: string) => string;
  /** How a recorded value reads (JSON text, null when absent). */
  value: (text: string | null | undefined) => string;
}

/**
 * The kit's change history: each record's time, who and source, then each attribute as
 * `old → new` (with its reason). The caller loads the pages and shows the empty and error states.
 */
export function HistoryRecords({ records, label, time, value }: HistoryRecordsProps) {
  return (
    <ol aria-label={label} className="history-list" style={{ overflowWrap: 'anywhere' }}>
      {records.map((record, i) => (
        <li key={`${record.at}#${i}`} className="history-record" data-testid="history-record">
          <Flex gap="0.5rem" wrap="wrap" alignItems="baseline">
            <Text as="span" fontWeight="bold">
              {time(record.at)}
            </Text>
            <Text as="span">{record.who}</Text>
            <Text as="span" fontSize="small" color="font.tertiary">
              {record.source}
            </Text>
          </Flex>
          {record.changes.length === 0 ? (
            <Text fontSize="small" color="font.tertiary">
              No attribute changed
            </Text>
          ) : (
            <ul className="history-changes">
              {record.changes.map((c) => (
                <li key={c.attribute} className="history-change">
                  <Text as="span" fontWeight="semibold">
                    {c.attribute}
                  </Text>
                  : {value(c.oldValue)} → {value(c.newValue)}
                  {c.reason ? ` (Reason: ${c.reason})` : ''}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
