import {
  type AccountMigrationBody,
  type AccountMigrationCodeBody,
  type AccountMigrationListBody,
  accountMigrationCalls,
  type MigrationPlantsBody,
} from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

const migrationKey = ['accountMigration'] as const;

export function useMigrations(filters: Partial<AccountMigrationListBody>) {
  return useQuery({
    queryKey: [...migrationKey, 'list', filters],
    queryFn: ({ signal }) => request(accountMigrationCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The plants the source account holds, by name, for a site migration; asked once a source is typed. */
export function useMigrationPlants(body: MigrationPlantsBody | undefined) {
  return useQuery({
    queryKey: [...migrationKey, 'plants', body],
    queryFn: ({ signal }) => request(accountMigrationCalls.plants, body as MigrationPlantsBody, { signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useSendMigrationCode() {
  return useMutation({ mutationFn: (body: AccountMigrationCodeBody) => request(accountMigrationCalls.sendCode, body, { loading: true }) });
}

export function useMigrate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountMigrationBody) => request(accountMigrationCalls.migrate, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: migrationKey }),
  });
}
