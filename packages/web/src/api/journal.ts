import { journalCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

/** Every account's view of the journal: its answers are in the console's language, so the language is in the keys. */
const newsKey = ['journal', 'news'] as const;

/** The published notes this account has not seen yet (the dialog after sign-in); quiet: a failure just shows no dialog. */
export function useUnseenNotes() {
  const token = useClientStore((state) => state.token);
  const language = useClientStore((state) => state.language);
  return useQuery({
    queryKey: [...newsKey, 'unseen', token, language],
    queryFn: ({ signal }) => request(journalCalls.unseen, undefined, { signal, silent: true }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The dialog was dismissed: these notes are not shown to this account again, in any browser. */
export function useMarkNotesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => request(journalCalls.seen, { ids }, { silent: true }),
    onSettled: () => queryClient.setQueriesData({ queryKey: [...newsKey, 'unseen'] }, { notes: [] }),
  });
}

/** What's new: the published notes, newest first. */
export function useNews(page: { currentPage: number; pageSize: 10 | 20 | 50 }) {
  const language = useClientStore((state) => state.language);
  return useQuery({
    queryKey: [...newsKey, 'list', language, page],
    queryFn: ({ signal }) => request(journalCalls.news, page, { signal }),
    placeholderData: keepPreviousData,
  });
}
