/** A value as one CSV field: quoted when it holds a separator, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(field).join(',')).join('\r\n');

/** Saves rows as a CSV file (UTF-8 with a byte order mark, so spreadsheet programs read accents right). */
export function saveCsv(filename: string, rows: (string | number)[][]) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`\uFEFF${toCsv(rows)}`], { type: 'text/csv;charset=utf-8' }));
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
