/** What one benchmark hands back to run.ts. */
export interface Figure {
  name: string;
  value: string;
  /** Human-readable budget, e.g. ">= 0.5"; absent for informational figures. */
  budget?: string;
  /** Whether the budget is met; absent for informational figures. */
  pass?: boolean;
}

export interface BenchResult {
  title: string;
  figures: Figure[];
  /** Extra Markdown (tables, lists) for RESULTS.md. */
  details: string[];
  /** The database engine the benchmark ran against, for the machine section. */
  database?: string;
}

/** The value at percentile `p` (0-100) of ascending `sorted` times. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A Markdown table laid out the way `biome format` lays it out (cells padded to the column width,
 * right-aligned columns padded on the left), so the written RESULTS.md passes `biome check`.
 */
export function markdownTable(header: string[], rows: string[][], rightAligned: number[] = []): string[] {
  const right = new Set(rightAligned);
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${widths.map((width, column) => (right.has(column) ? (cells[column] ?? '').padStart(width) : (cells[column] ?? '').padEnd(width))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (right.has(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)];
}
