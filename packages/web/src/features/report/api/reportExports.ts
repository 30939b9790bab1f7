import { type ReportDefinitionInput, reportCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from '../../../lib/http.ts';

const reportsKey = ['report', 'exports'] as const;
/** While a task is generating the list asks again this often, so its progress bar moves. */
const PROGRESS_REFRESH_MS = 3_000;

/** The caller's report exports with their newest tasks (POST /c/v0/report/list). */
export function useReportExports(paging: { currentPage: number; pageSize: 10 | 20 | 50 }) {
  return useQuery({
    queryKey: [...reportsKey, paging],
    queryFn: ({ signal }) => request(reportCalls.list, paging, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.reports.some((report) => report.tasks.some((task) => task.state === 'generating')) ? PROGRESS_REFRESH_MS : false,
  });
}

/** Defines a report and starts its generation (POST /c/v0/report/create). */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportDefinitionInput) => request(reportCalls.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

/** Generates a report again, or deletes it with its files (POST /c/v0/report/generate | delete). */
export function useReportAction(action: 'generate' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(reportCalls[action], { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

/** A generated report's xlsx or PDF (POST /c/v0/report/file). */
export const downloadReportFile = (task: number, format: 'xlsx' | 'pdf', name: string) =>
  download(reportCalls.file, { task, format }, `${name}.${format}`);
