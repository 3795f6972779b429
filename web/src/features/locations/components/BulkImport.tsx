import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button,
  Flex,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
} from '@aws-amplify/ui-react';
import { addLocation } from '../api/add-location-rest';
import { messageOf } from '../api/error-message';
import { MESSAGES } from '../lib/constants';
import { BUSINESS_HOURS_COLUMN, EXPECTED_COLUMNS, ID_COLUMN, parseCsv, toImportRows, type ImportRow } from '../lib/csv-import';
import { StatusIcon } from './StatusIcon';

/** How many rows are sent at the same time. */
const PARALLEL = 3;

const PREVIEW_COLUMNS: { col: string; title: string }[] = [
  { col: ID_COLUMN, title: 'id' },
  { col: 'Consumer_Friendly_NAme__c', title: 'prettyName' },
  { col: 'Fridge_Street__c', title: 'street' },
  { col: 'Fridge_City__c', title: 'city' },
  { col: 'Fridge_State__c', title: 'state' },
  { col: 'Fridge_Zipcode__c', title: 'zipCode' },
  { col: 'Stocking_Date__c', title: 'onlineDate' },
  { col: BUSINESS_HOURS_COLUMN, title: 'Business hours' },
];

function HelpPanel() {
  return (
    <View
      as="section"
      aria-label="Help"
      padding="1rem"
      backgroundColor="var(--amplify-colors-background-secondary)"
      borderRadius="6px"
    >
      <Heading level={5}>How the import works</Heading>
      <Text as="p">
        Choose the locations export of the customer-relationship system as a <strong>CSV file</strong> with a header
        row. Excel (XLSX) files are not supported: open the export in your spreadsheet program and save it as CSV
        first.
      </Text>
      <Text as="p">Expected columns: {EXPECTED_COLUMNS.join(', ')}.</Text>
      <Text as="p">
        Only 24-hour fridges can be imported: a row is valid only when {ID_COLUMN} is filled in and{' '}
        {BUSINESS_HOURS_COLUMN} is exactly &lsquo;24 Hours&rsquo;. Invalid rows are not sent.
      </Text>
      <Text as="p">
        &lsquo;Create new locations&rsquo; creates one location per valid row as a 24-hour FRIDGE, with the default
        layout (Default), the default price map, schema and stocking schedule for its state; coordinates that are
        missing get the state&rsquo;s defaults and are to be updated at install. Rows created successfully leave the
        table; rows that fail stay, marked invalid, with the server&rsquo;s reason.
      </Text>
    </View>
  );
}

export function BulkImport() {
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setSummary(null);
    setFileError(null);
    if (!file) return;
    if (/\.xlsx?$/i.test(file.name)) {
      setRows([]);
      setFileError('Excel files are not supported. Please save the export as CSV and choose the CSV file.');
      return;
    }
    try {
      const text = await file.text();
      const parsed = toImportRows(parseCsv(text));
      setRows(parsed);
      if (parsed.length === 0) setFileError('The file has no rows.');
    } catch {
      setRows([]);
      setFileError('The file could not be read as CSV.');
    }
  };

  const patch = (key: string, change: Partial<ImportRow> | null) =>
    setRows((rs) => (change === null ? rs.filter((r) => r.key !== key) : rs.map((r) => (r.key === key ? { ...r, ...change } : r))));

  const upload = async () => {
    const queue = rows.filter((r) => r.status === 'valid');
    if (queue.length === 0) return;
    setUploading(true);
    setSummary(null);
    setRows((rs) => rs.map((r) => (r.status === 'valid' ? { ...r, status: 'pending', message: undefined } : r)));
    let created = 0;
    let failed = 0;
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        try {
          await addLocation(row.payload);
          created += 1;
          patch(row.key, null);
        } catch (err) {
          failed += 1;
          patch(row.key, { status: 'invalid', message: messageOf(err, 'Not created') });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
    setUploading(false);
    setSummary(`${created} created, ${failed} failed.`);
  };

  const validCount = rows.filter((r) => r.status === 'valid').length;

  return (
    <Flex direction="column" gap="1rem">
      <HelpPanel />
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <label htmlFor="bulk-import-file">
          <Text as="span" fontWeight="bold">
            CSV file
          </Text>
        </label>
        <input
          id="bulk-import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={onFile}
          disabled={uploading}
        />
      </Flex>
      {fileError ? <Alert variation="error">{fileError}</Alert> : null}

      <Flex gap="1rem" alignItems="center">
        <Button
          variation="primary"
          onClick={upload}
          isDisabled={validCount === 0 || uploading}
          isLoading={uploading}
          loadingText={MESSAGES.uploading}
        >
          Create new locations
        </Button>
        <Text>
          {rows.length} rows, {validCount} valid
        </Text>
        {summary ? <Text role="status">{summary}</Text> : null}
      </Flex>

      {rows.length > 0 ? (
        <View overflow="auto">
          <Table size="small" highlightOnHover aria-label="Locations to import">
            <TableHead>
              <TableRow>
                <TableCell as="th">Status</TableCell>
                {PREVIEW_COLUMNS.map((c) => (
                  <TableCell as="th" key={c.col}>
                    {c.title}
                  </TableCell>
                ))}
                <TableCell as="th">Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key} data-status={r.status}>
                  <TableCell title={r.message}>
                    <StatusIcon status={r.status} title={r.message} />
                  </TableCell>
                  {PREVIEW_COLUMNS.map((c) => (
                    <TableCell key={c.col}>{r.raw[c.col] ?? ''}</TableCell>
                  ))}
                  <TableCell>{r.message ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </View>
      ) : null}
      <style>{'@keyframes fc-spin { to { transform: rotate(360deg); } }'}</style>
    </Flex>
  );
}
