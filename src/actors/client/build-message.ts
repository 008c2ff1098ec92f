import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock/clock.js';
import { compiledValidator, describeReceived, toViolations } from '../../contract/validators.js';
import { EventTooLargeError } from '../../errors/collection-errors.js';
import { InvalidMessageError } from '../../errors/client-errors.js';
import { MAX_EVENT_BYTES } from '../../contract/spec-limits.js';
import { canonicalTime, isoTime } from '../../contract/iso-time.js';
import { isObject } from '../../contract/is-object.js';
import { LIBRARY } from './library-info.js';
import type { MessageType } from './message-input.js';

/** A validated message, serialised once: the batch body is assembled from `json` without another stringify. */
export interface QueuedMessage {
  readonly messageId: string;
  readonly json: string;
  /** UTF-8 bytes of `json`. */
  readonly bytes: number;
}

function timestampOf(value: unknown, now: number): unknown {
  if (value === undefined) return isoTime(now);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : isoTime(value.getTime());
  return value;
}

/**
 * Turns a call's input into the wire message: type, messageId, timestamp, context.library, the caller's fields;
 * validates it against schemas/<type>.schema.json (the rule 2.3 rules live there, not here) and the 32 KiB limit.
 */
export function buildMessage(type: MessageType, input: unknown, clock: Clock): QueuedMessage {
  if (!isObject(input)) {
    throw new InvalidMessageError(type, [
      {
        pointer: '',
        rule: 'type',
        message: `/ must be an object with the message fields; received ${describeReceived(input)}`,
        received: input,
      },
    ]);
  }
  // Copied key by key: an object spread of arbitrary input costs several times more on this hot path.
  const message: Record<string, unknown> = { type };
  for (const key of Object.keys(input)) if (key !== 'type') message[key] = input[key];
  message.messageId = input.messageId ?? randomUUID();
  message.timestamp = timestampOf(input.timestamp, clock.now());
  message.context =
    input.context === undefined
      ? { library: LIBRARY }
      : isObject(input.context)
        ? { library: LIBRARY, ...input.context }
        : input.context;
  const validateMessage = compiledValidator(type);
  if (!validateMessage(message)) throw new InvalidMessageError(type, toViolations(validateMessage.errors ?? []));
  // The schema accepts any RFC 3339 time; the wire carries UTC with milliseconds.
  const timestamp = message.timestamp as string;
  message.timestamp = canonicalTime(timestamp) ?? timestamp;
  let json: string;
  try {
    json = JSON.stringify(message);
  } catch (error) {
    throw new InvalidMessageError(type, [
      {
        pointer: '',
        rule: 'json',
        message: `/ cannot be serialised as JSON (${(error as Error).message}); pass plain data`,
        received: undefined,
      },
    ]);
  }
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError('', bytes, MAX_EVENT_BYTES);
  return { messageId: message.messageId as string, json, bytes };
}
