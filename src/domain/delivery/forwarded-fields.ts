import { isObject } from '../../contract/is-object.js';

/** Libraries whose events the real service counts as coming from a browser or a mobile app (`channel`). */
const BROWSER_LIBRARIES = new Set(['analytics.js', 'analytics-next']);
const MOBILE_LIBRARIES = new Set([
  'analytics-ios',
  'analytics-android',
  'analytics-kotlin',
  'analytics-swift',
  'analytics-react-native',
  'analytics-flutter',
  'analytics-xamarin',
]);

/** What the real service writes in `context.library` of an event that named no library (a raw HTTP API call). */
export const UNKNOWN_LIBRARY = Object.freeze({ name: 'unknown', version: 'unknown' });

/** `server`, `browser` or `mobile`: where the call came from, as the common spec's `channel` says, by its library. */
export function channelOf(library: unknown): 'server' | 'browser' | 'mobile' {
  const name = isObject(library) && typeof library.name === 'string' ? library.name : '';
  if (BROWSER_LIBRARIES.has(name)) return 'browser';
  if (MOBILE_LIBRARIES.has(name)) return 'mobile';
  return 'server';
}

/**
 * The fields the real service has on every event it forwards (its common spec's sample and forwarded payloads;
 * docs/decisions.md, "Fidelity"), added IN PLACE where the event lacks them: `context` with `library`
 * (`unknown`/`unknown` when the call named none), `integrations` ({}) and `channel`. `messageId`, `receivedAt` and
 * `timestamp` are set by the collection API already; `sentAt` and `originalTimestamp` are there only when the call
 * carried them, as in the public samples of real deliveries.
 */
export function addForwardedFields(payload: Record<string, unknown>): Record<string, unknown> {
  const given = payload.context;
  let context: Record<string, unknown>;
  if (!isObject(given)) payload.context = context = { library: { ...UNKNOWN_LIBRARY } };
  else if (!isObject(given.library)) payload.context = context = { ...given, library: { ...UNKNOWN_LIBRARY } };
  else context = given;
  if (!isObject(payload.integrations)) payload.integrations = {};
  if (typeof payload.channel !== 'string') payload.channel = channelOf(context.library);
  return payload;
}
