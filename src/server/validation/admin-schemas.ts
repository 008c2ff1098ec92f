import Joi from 'joi';
import { MAX_DELAY_MS, MAX_RETRY_AFTER_SECONDS } from '../../core/faults/fault-plan.js';

// The admin API's HTTP inputs, checked at the Hapi edge; the OpenAPI document is generated from these.
// Each field's message is the "must be ..." part: the fail action adds where it is and what was received.
// The wire contract (deletion requests, audiences) stays in schemas/ and is checked with Ajv in the domain.

const JOURNAL_STATUSES = ['accepted', 'rejected', 'duplicate', 'filtered'] as const;
const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'expired'] as const;

/** A query text filter: '' counts as absent. */
const text = (description: string) => Joi.string().empty('').description(description).messages({ '*': 'must be text' });
const count = (description: string) =>
  Joi.number().integer().min(0).empty('').description(description).messages({ '*': 'must be a whole number >= 0' });
const oneOf = (values: readonly string[], description: string) =>
  Joi.string()
    .valid(...values)
    .empty('')
    .description(description)
    .messages({ '*': `must be one of ${values.join(', ')}` });

export const eventsQuery = Joi.object({
  status: oneOf(JOURNAL_STATUSES, 'What became of the event'),
  type: text('The call type (track, identify, ...)'),
  userId: text('The userId, exactly'),
  anonymousId: text('The anonymousId, exactly'),
  writeKey: text('The write key of the request'),
  messageId: text('The messageId, exactly'),
  event: text('The track event name, exactly'),
  name: text('The page or screen name, exactly'),
  limit: count('Entries at most'),
  offset: count('Entries to skip'),
  order: oneOf(['oldest', 'newest'], 'Arrival order (default oldest)'),
  q: text('Free text: a case-insensitive substring of the entry as JSON (the reason too)'),
});

export const deliveriesQuery = Joi.object({
  state: oneOf(DELIVERY_STATES, 'The delivery state'),
  writeKey: text('The write key of the source'),
  type: text('The call type, or delete'),
  messageId: text('The messageId, exactly'),
  q: text('Free text: a case-insensitive substring of the id, message id, write key, body, URLs or attempt errors'),
  limit: count('Deliveries at most (default all)'),
  offset: count('Deliveries to skip (default 0)'),
});

export const requestsQuery = Joi.object({ limit: count('Requests at most (default 100)') });

export const deliveryParams = Joi.object({ id: Joi.string().required().description('The delivery id, e.g. d_1') });
export const audienceParams = Joi.object({ name: Joi.string().required().description('The audience name') });

/** The real-time budget of a run: after it a RunBudgetExceededError names what did not finish. */
const budgetMs = Joi.number()
  .integer()
  .min(1)
  .max(600_000)
  .strict()
  .description(
    'Real milliseconds the move may take at most (default 30000); past them it answers 504 naming what is unfinished',
  )
  .messages({ '*': 'must be a whole number of real milliseconds from 1 to 600000' });

export const advanceBody = Joi.object({
  // Past year 9999 the clock could not write its own time: refused as CLOCK_OUT_OF_RANGE, here and in the core.
  ms: Joi.number()
    .unsafe()
    .min(0)
    .required()
    .strict()
    .meta({ refusal: 'CLOCK_OUT_OF_RANGE' })
    .description('Milliseconds to move the fake clock, landing no later than 9999-12-31T23:59:59.999Z')
    .messages({ '*': 'must be a finite number of milliseconds >= 0' }),
  // Every advance lets real exchanges finish (docs/rules.md, "Virtual time"); older scripts may still send it.
  settle: Joi.any().description('Ignored: accepted from scripts written for older versions'),
  budgetMs,
});

export const runBody = Joi.object({ budgetMs }).allow(null);

/** A clock step's body: a budget, anything else ignored (the routes read nothing else). */
export const stepBody = Joi.object({ budgetMs }).unknown(true).allow(null);

/** Any body or none: the route reads nothing from it. */
export const ignoredBody = Joi.any().description('Ignored');

export const faultBody = Joi.object({
  count: Joi.number()
    .integer()
    .min(1)
    .strict()
    .description('How many requests get the fault (default 1 unless share is given)')
    .messages({ '*': 'must be a positive integer' }),
  share: Joi.number()
    .greater(0)
    .max(1)
    .strict()
    .description('Instead of the next N: this share of matching requests, drawn from the seeded PRNG')
    .messages({ '*': 'must be a number in (0, 1]' }),
  status: Joi.number()
    .integer()
    .min(200)
    .max(599)
    .strict()
    // A faulted request is answered without being handled: a 2xx would tell the client its events were taken
    // while none was journaled, a silent loss. Refused here rather than quietly recording them.
    .custom((value: number, helpers) => (value < 300 ? helpers.error('fault.success', { whole: true }) : value))
    .description('Answer this status (300-599) with a JSON error body instead of handling the request')
    .messages({
      '*': 'must be an HTTP status 300-599',
      'fault.success':
        '/status {{#value}} is a success: a faulted request is answered without being handled, so its events would be lost; use a status 300-599, or delayMs alone to slow a request that is then handled',
    }),
  retryAfter: Joi.number()
    .min(0)
    .max(MAX_RETRY_AFTER_SECONDS)
    .strict()
    .description('Seconds for Retry-After and X-RateLimit-Reset (status 429 when no status is given)')
    .messages({ '*': `must be seconds from 0 to ${MAX_RETRY_AFTER_SECONDS} (one day)` }),
  delayMs: Joi.number()
    .min(0)
    .max(MAX_DELAY_MS)
    .strict()
    .description('Wait this long on the harness clock, then handle (or answer status)')
    .messages({ '*': `must be milliseconds from 0 to ${MAX_DELAY_MS} (one day)` }),
  reset: Joi.boolean()
    .strict()
    .description('Drop the connection without an answer')
    .messages({ '*': 'must be true or false' }),
  routes: Joi.array()
    .items(Joi.string())
    .strict()
    .description('Only requests to these routes (e.g. ["batch"]); default every collection route')
    .messages({ '*': 'must be a list of route names like ["batch"]' }),
})
  .custom((rule: Record<string, unknown>, helpers) =>
    rule.status === undefined && rule.retryAfter === undefined && rule.delayMs === undefined && rule.reset !== true
      ? helpers.error('fault.nothing', { whole: true })
      : rule,
  )
  .required()
  .description('A fault for the next collection requests: at least one of status, retryAfter, delayMs or reset: true')
  .messages({
    'object.base': 'must be a JSON object like \\{"count": 3, "status": 503\\}',
    'any.required': 'must be a JSON object like \\{"count": 3, "status": 503\\}',
    'fault.nothing': 'a fault needs at least one of status, retryAfter, delayMs or reset: true',
  });

/** A body of the wire contract: joi takes it as it is, the domain checks it against schemas/{name}.schema.json. */
export const wireBody = (schemaName: string) =>
  Joi.any().meta({ wireSchema: schemaName }).description(`schemas/${schemaName}.schema.json`);
