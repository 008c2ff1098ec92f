import { clientClause, FOUNDATION } from './client-clause.js';
import { judgeEachEvent, type Session, session } from './wire-session.js';

// ISO 8601 date-time with a zone, as RFC 3339 profiles it: 2026-01-01T12:00:00Z, ...00.123Z, ...00+02:00.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const isIso = (value: unknown) => typeof value === 'string' && ISO_8601.test(value) && !Number.isNaN(Date.parse(value));

/** The date-time fields of an event: rule 2.3 makes timestamp optional; SDKs send originalTimestamp and sentAt. */
const TIME_FIELDS = ['timestamp', 'originalTimestamp'] as const;

export const timestampClause = clientClause<Session>({
  id: '2.2.timestamp',
  level: 'MUST',
  title: 'sends every date-time it sends (timestamp, originalTimestamp, sentAt) as ISO 8601',
  spec: 'rule 2.2, 2.3 (Timestamp: ISO 8601, optional)',
  requires: FOUNDATION,
  arbitrary: (context) => session(context),
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      const fields: [string, unknown][] = [
        ...TIME_FIELDS.map((f): [string, unknown] => [f, wire.event[f]]),
        ['sentAt', wire.sentAt],
      ];
      const bad = fields.find(([, v]) => v !== undefined && !isIso(v));
      if (bad === undefined) return undefined;
      return `The ${call.op} event of call ${call.index} was sent with ${bad[0]} ${JSON.stringify(bad[1])}; expected an ISO 8601 date-time with a zone, such as "2026-01-01T12:00:00.000Z" (rule 2.2, 2.3). The service reads only ISO 8601: epoch numbers and locale strings are refused. (A timestamp may be left out: rule 2.3 makes it optional.)`;
    }),
});

/**
 * Three fraction digits or more: milliseconds, or finer (Python's isoformat writes 6, Go's RFC 3339 nano up to 9),
 * which the service reads to the millisecond.
 */
const MILLISECONDS = /T\d{2}:\d{2}:\d{2}\.\d{3,}(Z|[+-])/;

/** The fraction digits of a date-time's seconds: 0 when it has none. */
const fractionDigits = (value: string) => /T\d{2}:\d{2}:\d{2}\.(\d+)/.exec(value)?.[1]?.length ?? 0;

export const timestampMillisecondsClause = clientClause<Session>({
  id: '2.2.timestamp.milliseconds',
  level: 'SHOULD',
  title: 'sends date-times with millisecond precision (three fraction digits or more)',
  spec: 'rule 2.2 (an ISO 8601 string in UTC with millisecond precision)',
  requires: [...FOUNDATION, '2.2.timestamp'],
  arbitrary: (context) => session(context),
  property: { maxRuns: 3 },
  check: (context, value, id) =>
    judgeEachEvent(context, id, value, (wire, call) => {
      const fields: [string, unknown][] = [
        ...TIME_FIELDS.map((f): [string, unknown] => [f, wire.event[f]]),
        ['sentAt', wire.sentAt],
      ];
      const bad = fields.find(([, v]) => typeof v === 'string' && !MILLISECONDS.test(v));
      if (bad === undefined) return undefined;
      const digits = fractionDigits(String(bad[1]));
      const loss =
        digits === 0
          ? 'without fractional seconds: events of the same second then lose their order'
          : `with ${digits} fraction digit${digits === 1 ? '' : 's'}: the time is kept to ${digits === 1 ? 'a tenth' : 'a hundredth'} of a second, not the millisecond`;
      return `The ${call.op} event of call ${call.index} was sent with ${bad[0]} ${JSON.stringify(bad[1])}, ${loss}. Format date-times with three fraction digits or more (milliseconds; finer, such as Python's isoformat or Go's RFC 3339 nano, is read to the millisecond), e.g. new Date().toISOString() gives "2026-01-01T12:00:00.123Z" (rule 2.2).`;
    }),
});
