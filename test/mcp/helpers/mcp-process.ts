import type { ExecutionContext } from 'ava';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { repoRoot, tsxLoader } from '../../helpers/spawn-cli.js';

const main = path.join(repoRoot, 'src/cli/main.ts');

export interface McpProcess {
  readonly client: Client;
  /** The mock's base URL: the one it started (printed on stderr), or the --server given. */
  readonly url: string;
  readonly pid: number;
  stderr(): string;
  /** Calls a tool and answers its result; every text it showed is kept for the secrets check. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Every text any tool answered so far. */
  readonly shown: string[];
}

/** The structured answer of a tool that succeeded (fails the test with the tool's text otherwise). */
export function structured(t: ExecutionContext, result: CallToolResult): Record<string, unknown> {
  t.falsy(result.isError, JSON.stringify(result.content));
  return (result.structuredContent ?? {}) as Record<string, unknown>;
}

/** The text of an error result (fails the test when the tool did not refuse). */
export function refusal(t: ExecutionContext, result: CallToolResult): string {
  t.true(result.isError, `expected a refusal, got ${JSON.stringify(result.structuredContent)}`);
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/**
 * `event-harness mcp ARGS` as a real child process (the CLI from source), driven by the SDK's own client over
 * stdio; closed (the process stopped) when the test ends.
 */
export async function startMcp(
  t: ExecutionContext,
  args: readonly string[] = [],
  options: { cwd?: string } = {},
): Promise<McpProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', tsxLoader, main, 'mcp', ...args],
    cwd: options.cwd ?? repoRoot,
    stderr: 'pipe',
    env: { ...process.env } as Record<string, string>,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'event-harness-test', version: '1.0.0' });
  t.teardown(() => client.close());
  await client.connect(transport);
  const given = args.indexOf('--server');
  let url = given === -1 ? undefined : args[given + 1];
  // The in-process mock's line is written before the server connects; its bytes may still be on the way.
  for (let waited = 0; url === undefined && waited < 5_000; waited += 20) {
    url = /mock listening on (http:\/\/\S+)/.exec(stderr)?.[1];
    if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (url === undefined) throw new Error(`event-harness mcp printed no mock URL on stderr: ${stderr}`);
  const shown: string[] = [];
  return {
    client,
    url,
    pid: transport.pid ?? 0,
    stderr: () => stderr,
    shown,
    async call(name, callArgs = {}) {
      const result = (await client.callTool({ name, arguments: callArgs }, undefined, {
        timeout: 120_000,
      })) as CallToolResult;
      for (const item of result.content) if (item.type === 'text') shown.push(item.text);
      if (result.structuredContent !== undefined) shown.push(JSON.stringify(result.structuredContent));
      return result;
    },
  };
}

/** GET on the mock's admin API, as any other client of it reads it. */
export async function adminGet(url: string, pathAndQuery: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/__harness${pathAndQuery}`, { signal: AbortSignal.timeout(10_000) });
  return (await response.json()) as Record<string, unknown>;
}
