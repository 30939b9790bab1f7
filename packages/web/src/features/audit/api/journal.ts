import { type JournalListBody, type JournalSaveBody, journalCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const journalKey = ['journal', 'manage'] as const;
// What's new shows a change at once (the administrator reads it too); the unseen notes are left alone, so no dialog
// opens in the middle of the administrator's work (the publisher has seen the note: the server records it).
const newsListKey = ['journal', 'news', 'list'] as const;

export function useJournal(filters: Partial<JournalListBody>) {
  return useQuery({
    queryKey: [...journalKey, filters],
    queryFn: ({ signal }) => request(journalCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useJournalChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => Promise.all([journalKey, newsListKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
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
