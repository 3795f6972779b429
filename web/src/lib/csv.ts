import Papa from 'papaparse';

/**
 * RFC 4180 CSV with a header line. Cells a spreadsheet would run as a
 * formula (=, +, -, @...) are escaped, since exports get opened in Excel.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true });
}

/** Offers text as a file download through a temporary link. */
export function download(name: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
