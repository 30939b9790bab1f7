import { type JournalListBody, type JournalSaveBody, journalCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

// Under the readers' key too: a change shows in What's new at once (the administrator reads it as well).
const journalKey = ['journal'] as const;

export function useJournal(filters: Partial<JournalListBody>) {
  return useQuery({
    queryKey: [...journalKey, 'manage', filters],
    queryFn: ({ signal }) => request(journalCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useJournalChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: journalKey }) });
}

/** Creates a note (a draft) or changes one. */
export const useSaveNote = () =>
  useJournalChange(({ id, fields }: { id?: number; fields: JournalSaveBody }) =>
    id === undefined
      ? request(journalCalls.create, fields, { loading: true })
      : request(journalCalls.update, { ...fields, id }, { loading: true }),
  );

export const useSetNoteState = () =>
  useJournalChange((body: { id: number; state: 'published' | 'withdrawn' }) => request(journalCalls.state, body, { loading: true }));

export const useDeleteNote = () => useJournalChange((id: number) => request(journalCalls.delete, { id }, { loading: true }));
