import { type Command, type CommandStreamEvent, commandCalls } from '@sunstack/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followStream } from '../lib/http.ts';
import { commandListKey } from './listCommands.ts';
import { settingReportedKey } from './settingReported.ts';

type CommandPage = { commands: Command[] };
/** Commands whose finishing changes what the device last reported. */
const REPORTING = new Set<Command['type']>(['setting.get', 'setting.set', 'config.set']);

/**
 * Follows the device's command stream while the screen is open: each command that changes is put
 * into the command pages already loaded; a command none of them holds (another session's new one)
 * loads the pages again, and one that finished reporting settings the reported values. A
 * reconnection loads both again (what changed while the stream was away was not sent).
 */
export function useCommandStream(sn: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (sn === '') return;
    const stop = new AbortController();
    const refresh = (lists: boolean, reported: boolean) => {
      if (lists) void queryClient.invalidateQueries({ queryKey: commandListKey });
      if (reported) void queryClient.invalidateQueries({ queryKey: settingReportedKey(sn) });
    };
    const onEvent = ({ commands }: CommandStreamEvent) => {
      const changed = new Map(commands.map((command) => [command.id, command]));
      const known = new Set<string>();
      queryClient.setQueriesData<CommandPage>({ queryKey: commandListKey }, (page) => {
        if (!page) return page;
        for (const command of page.commands) if (changed.has(command.id)) known.add(command.id);
        return { ...page, commands: page.commands.map((command) => changed.get(command.id) ?? command) };
      });
      const finishedReports = commands.some((command) => command.state === 'done' && REPORTING.has(command.type));
      refresh(
        commands.some((command) => !known.has(command.id)),
        finishedReports,
      );
    };
    let connections = 0;
    void followStream(commandCalls.stream, { sn }, onEvent, stop.signal, () => {
      connections += 1;
      if (connections > 1) refresh(true, true);
    });
    return () => stop.abort();
  }, [sn, queryClient]);
}
