import { type ExportTable, tableCsv } from './exportTable.ts';

export type ExportFormat = 'csv' | 'xlsx';

function saveFile(filename: string, blob: Blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Saves a chart's data as `<name>.csv` (UTF-8 with a byte order mark, so spreadsheet programs read
 * accents right) or `<name>.xlsx`. The xlsx writer loads on first use, never with the shell.
 */
export async function saveTable(table: ExportTable, name: string, format: ExportFormat) {
  if (format === 'csv') {
    saveFile(`${name}.csv`, new Blob([`\uFEFF${tableCsv(table)}`], { type: 'text/csv;charset=utf-8' }));
    return;
  }
  const { tableXlsx } = await import('./xlsx.ts');
  const bytes = tableXlsx(table, name);
  saveFile(`${name}.xlsx`, new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
}
