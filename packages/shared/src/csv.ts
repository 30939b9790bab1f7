/** CSV text of rows (the web's chart exports and the server's list exports). A value as one CSV field: quoted when it holds a separator, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(field).join(',')).join('\r\n');
