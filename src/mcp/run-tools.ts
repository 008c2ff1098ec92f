import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './mcp-context.js';
import { allowedTarget, urlsIn } from './target-policy.js';
import { answer } from './tool-result.js';
import { jsonObject, oneOf, text, toolArguments } from './tool-arguments.js';

export function registerRunTools(server: McpServer, context: McpContext): void {
  const { connection, targets } = context;

  server.registerTool(
    'list_runs',
    {
      title: 'List runs',
      description:
        'Every run (tenant) on the mock, the default run first: id, name, write keys, clock mode and URLs (collection API, admin API, inspector page). Read-only.',
      inputSchema: toolArguments({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => answer(() => connection.root.get<Record<string, unknown>>('/runs')),
  );

  server.registerTool(
    'create_run',
    {
      title: 'Create a run',
      description:
        "Creates a run: an isolated tenant of the mock with its own write key(s), clock, faults, journal and deliveries, so one test does not see another's events. Point your app or SDK at urls.collection with one of writeKeys; pass the id as `run` to the other tools. config is a harness config as in a config file (sources with their Webhooks destination: sharedSecret, webhooks [{url, headers}]); every URL in it must be on loopback unless the user allowed its host. The answer shows no secret of the config.",
      inputSchema: toolArguments({
        clock: oneOf(
          ['fake', 'system'],
          'fake (default here: virtual time from 2024-01-01 that moves only through advance_clock and run_until_idle) or system (real time)',
        ).optional(),
        name: text("A label for people (the inspector's run picker); default the run id", 200).optional(),
        config: jsonObject(
          'A harness config, e.g. {"sources": [{"writeKey": "k1", "destinations": {"Webhooks": {"sharedSecret": "s", "webhooks": [{"url": "http://127.0.0.1:3000/hooks"}]}}}]}; without sources the run gets one generated write key',
        ).optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ clock, name, config }) =>
      answer(async () => {
        for (const { pointer, url } of urlsIn(config)) allowedTarget(url, `config${pointer}`, targets);
        return connection.root.post<Record<string, unknown>>('/runs', {
          clock: clock ?? 'fake',
          ...(name !== undefined ? { name } : {}),
          ...(config !== undefined ? { config } : {}),
        });
      }),
  );

  server.registerTool(
    'delete_run',
    {
      title: 'Delete a run',
      description:
        'Deletes a run: its journal, deliveries and faults are gone, pending deliveries stop, its write keys go back to the default run. The default run cannot be deleted.',
      inputSchema: toolArguments({
        id: text('The run id, as create_run or list_runs answers it (e.g. "run_abcdefgh23")', 200),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ id }) => answer(() => connection.root.delete<Record<string, unknown>>(`/runs/${encodeURIComponent(id)}`)),
  );
}
