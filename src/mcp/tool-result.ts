import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HarnessError } from '../errors/harness-error.js';
import { redactUrlPasswords } from '../errors/redact-url-passwords.js';

/** A tool's answer: the JSON as text (what every client shows the model) and as structured content. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/**
 * A refusal as a tool result (isError), never a thrown protocol error: the agent reads what went wrong and can
 * try again. A HarnessError (the mock's own refusals come back as AdminApiError) keeps its stable code.
 */
export function errorResult(error: unknown): CallToolResult {
  const text =
    error instanceof HarnessError
      ? `${error.code}: ${error.message}`
      : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return { content: [{ type: 'text', text: redactUrlPasswords(text) }], isError: true };
}

/** Runs a tool's body; whatever it throws becomes an error result. */
export async function answer(body: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return jsonResult(await body());
  } catch (error) {
    return errorResult(error);
  }
}
