import { isObject, type DriverHello as DriverHelloLine } from '../../src/index.js';
import { DriverStartError } from '../errors/conformance-errors.js';
import { checkAnswer, checkHello } from './driver-protocol.js';
import type { OpOutcome } from './op-outcome.js';

/** What the driver's ready line announced (DriverHello of schemas/driver-protocol.schema.json, without its `ready`). */
export interface DriverHello {
  readonly name: DriverHelloLine['name'];
  readonly capabilities: readonly string[];
}

const HELLO_SHAPE = '{"ready": true, "name": "...", "capabilities": [...]}';

/**
 * The first line must be the ready line of schemas/driver-protocol.schema.json (DriverHello); anything else
 * is named in the error: what was received and, for a ready line of the wrong shape, what is wrong with it.
 */
export function parseHello(line: string, command: string): DriverHello {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  const received = JSON.stringify(line.slice(0, 300));
  if (!isObject(parsed) || !('ready' in parsed))
    throw new DriverStartError(`the driver ${command} must first print ${HELLO_SHAPE} on stdout; received ${received}`);
  const checked = checkHello(parsed);
  if (!checked.ok)
    throw new DriverStartError(
      `the driver ${command} must first print ${HELLO_SHAPE} on stdout (the ready line of the driver protocol, schemas/driver-protocol.schema.json); received ${received}: ${checked.problems}`,
    );
  return { name: checked.value.name, capabilities: checked.value.capabilities };
}

/** A stdout line that carries a request id: a candidate answer, not yet checked against the protocol. */
export interface IdentifiedLine {
  readonly id: number;
  readonly line: Readonly<Record<string, unknown>>;
}

/** The line as JSON with a numeric id, or undefined for anything else (driver logging on stdout). */
export function identifiedLine(text: string): IdentifiedLine | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || typeof parsed.id !== 'number') return undefined;
  return { id: parsed.id, line: parsed };
}

/** The outcome an answer line settles its request with; a line the protocol does not know is never taken for ok. */
export function answerOutcome({ id, line }: IdentifiedLine, text: string): OpOutcome {
  const checked = checkAnswer(line);
  if (!checked.ok)
    return {
      kind: 'answer',
      ok: false,
      error: `the driver answered ${JSON.stringify(text.slice(0, 200))}, which is not an answer of the driver protocol (schemas/driver-protocol.schema.json): ${checked.problems}; expected {"id": ${id}, "ok": true} or {"id": ${id}, "ok": false, "error": "..."}`,
      line,
    };
  const answer = checked.value;
  return {
    kind: 'answer',
    ok: answer.ok,
    ...(answer.error !== undefined ? { error: answer.error } : answer.ok ? {} : { error: JSON.stringify(line) }),
    line,
  };
}
