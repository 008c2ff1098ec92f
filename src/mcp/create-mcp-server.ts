import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerClockTools } from './clock-tools.js';
import { registerDeliveryTools } from './delivery-tools.js';
import { registerDocsResources } from './docs-resources.js';
import { registerFaultTools } from './fault-tools.js';
import { registerJournalTools } from './journal-tools.js';
import type { McpContext } from './mcp-context.js';
import { registerReceiverSuiteTool } from './receiver-suite-tool.js';
import { registerRunTools } from './run-tools.js';
import { registerSampleCallTool } from './sample-call-tool.js';
import { registerSendWebhookTool } from './send-webhook-tool.js';

export interface McpServerOptions extends McpContext {
  /** The package version, told to the client at initialisation. */
  readonly version: string;
  /** Where the docs pages are (default: the package's docs/). */
  readonly docsRoot?: string;
}

/** What the client passes on to the model at initialisation: the tools' workflow in a few lines. */
function instructions(options: McpServerOptions): string {
  return [
    `event-harness: a mock of an event-collection service (a Segment-style collection API at ${options.connection.server}) with a signed webhook destination.`,
    'Your app or SDK sends events to the collection API (any write key works without a config; create_run gives an isolated tenant with its own write key).',
    'query_journal and wait_for_event show what arrived and what became of it; list_deliveries shows the signed webhooks the mock sent on, with every attempt.',
    'On the fake clock, advance_clock and run_until_idle drive retries (5xx, 408, 429 and timeouts are retried for up to 4 hours) without waiting; inject_fault makes the collection API fail for retry tests.',
    'send_webhook sends one signed webhook to a receiver; check_receiver runs the receiver conformance suite against it.',
    'The rules every check is named after are in the resource event-harness://docs/rules.md.',
    options.targets.allowedHosts.length === 0
      ? 'URLs you give (receivers, webhook URLs in a run config) must be on this machine (127.0.0.1, localhost, ::1).'
      : `URLs you give must be on this machine or on a host the user allowed: ${options.targets.allowedHosts.join(', ')}.`,
  ].join('\n');
}

/** The MCP server over one mock: every tool and the docs resources, ready to connect to a transport. */
export async function createMcpServer(options: McpServerOptions): Promise<McpServer> {
  const server = new McpServer(
    { name: 'event-harness', title: 'event-harness mock', version: options.version },
    { instructions: instructions(options), capabilities: { tools: {}, resources: {} } },
  );
  registerJournalTools(server, options);
  registerDeliveryTools(server, options);
  registerClockTools(server, options);
  registerFaultTools(server, options);
  registerRunTools(server, options);
  registerSampleCallTool(server, options);
  registerSendWebhookTool(server, options);
  registerReceiverSuiteTool(server, options);
  await registerDocsResources(server, options.docsRoot);
  return server;
}
