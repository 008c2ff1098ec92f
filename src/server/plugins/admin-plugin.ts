import type { Plugin } from '@hapi/hapi';
import type { AdminOf } from '../run-routing.js';
import type { JournalSearch } from '../../domain/journal/event-journal.js';
import type { FaultRule } from '../../core/faults/fault-plan.js';
import {
  advanceBody,
  eventsQuery,
  faultBody,
  ignoredBody,
  stepBody,
  requestsQuery,
  runBody,
  wireBody,
} from '../validation/admin-schemas.js';
import { validate, withJoi } from '../validation/joi-fail-action.js';

/** Clock operations answer 409 on the system clock: documented from here in the OpenAPI document. */
const FAKE_CLOCK_ONLY = { openapi: { responses: { 409: 'The clock is the system clock: start with --clock fake' } } };

interface EventsQuery extends Omit<JournalSearch, 'text'> {
  readonly q?: string;
}

/**
 * The admin API under /__harness (docs/mock-service.md): health, events, sources, clock, faults, reset and the
 * collection request log. Each route validates its input with joi and calls the core's admin operations.
 */
export const adminPlugin: Plugin<{ admin: AdminOf }> = {
  name: 'event-harness-admin',
  register(server, { admin }) {
    withJoi(server);
    server.route([
      {
        method: 'GET',
        path: '/__harness/health',
        options: { description: 'Liveness: the clock mode and the events held' },
        handler: (request) => admin(request).health(),
      },
      {
        method: 'GET',
        path: '/__harness/events',
        options: { description: 'The event journal', validate: validate({ query: eventsQuery }) },
        handler(request) {
          const { q, ...search } = request.query as EventsQuery;
          return admin(request).events({ ...search, ...(q !== undefined ? { text: q } : {}) });
        },
      },
      {
        method: 'GET',
        path: '/__harness/sources',
        options: { description: 'The sources, secrets and static header values redacted' },
        handler: (request) => admin(request).sources(),
      },
      {
        method: 'GET',
        path: '/__harness/settings',
        options: { description: "The payload version and browser httpConfig of the run and each source's own" },
        handler: (request) => admin(request).settings(),
      },
      {
        method: 'PUT',
        path: '/__harness/settings',
        options: {
          description:
            'Set the payload version (1 or 2) or the browser httpConfig of the run, or with writeKey of one source',
          validate: validate({ payload: wireBody('run-settings') }),
        },
        handler: (request) => admin(request).updateSettings(request.payload),
      },
      {
        method: 'GET',
        path: '/__harness/clock',
        options: { description: 'The harness clock' },
        handler: (request) => admin(request).clock(),
      },
      {
        method: 'POST',
        path: '/__harness/clock/advance',
        options: {
          description:
            'Advance the fake clock, firing due timers one at a time once the real exchanges under way are done; answers when the records of the window are final',
          plugins: FAKE_CLOCK_ONLY,
          validate: validate({ payload: advanceBody }),
        },
        handler: (request) => admin(request).advanceClock(request.payload as { ms: number; budgetMs?: number }),
      },
      {
        method: 'POST',
        path: '/__harness/clock/next',
        options: {
          description:
            "Fire the next timer of the fake clock (a retry, a timed-out attempt's deadline, a fault delay) once the real exchanges under way are done",
          plugins: FAKE_CLOCK_ONLY,
          validate: validate({ payload: stepBody }),
        },
        handler: (request) => admin(request).nextTimer((request.payload as { budgetMs?: number } | null) ?? {}),
      },
      {
        method: 'POST',
        path: '/__harness/clock/next-retry',
        options: {
          description: 'Advance the fake clock to the earliest scheduled delivery retry and let it run',
          plugins: FAKE_CLOCK_ONLY,
          validate: validate({ payload: stepBody }),
        },
        handler: (request) => admin(request).nextRetry((request.payload as { budgetMs?: number } | null) ?? {}),
      },
      {
        method: 'POST',
        path: '/__harness/clock/run-until-idle',
        options: {
          description:
            'Fire pending timers of the fake clock one at a time, each once the real exchanges under way are done, until no delivery is pending',
          plugins: FAKE_CLOCK_ONLY,
          validate: validate({ payload: runBody }),
        },
        handler: (request) => admin(request).runUntilIdle((request.payload as { budgetMs?: number } | null) ?? {}),
      },
      {
        method: 'GET',
        path: '/__harness/faults',
        options: { description: 'Pending faults' },
        handler: (request) => admin(request).faults(),
      },
      {
        method: 'POST',
        path: '/__harness/faults',
        options: {
          description: 'Inject a fault into the next collection requests',
          validate: validate({ payload: faultBody }),
        },
        handler: (request) => admin(request).addFault(request.payload as FaultRule),
      },
      {
        method: 'DELETE',
        path: '/__harness/faults',
        options: { description: 'Forget every pending fault' },
        handler: (request) => admin(request).clearFaults(),
      },
      {
        method: 'POST',
        path: '/__harness/reset',
        options: {
          description: 'Forget events, deliveries, faults, dedup memory and zero-config sources',
          validate: validate({ payload: ignoredBody }),
        },
        handler: (request) => admin(request).reset(),
      },
      {
        method: 'GET',
        path: '/__harness/requests',
        options: {
          description: 'Collection requests as answered (status, injected fault, write key), newest first',
          validate: validate({ query: requestsQuery }),
        },
        handler: (request) => admin(request).requests((request.query as { limit?: number }).limit ?? 100),
      },
    ]);
  },
};
