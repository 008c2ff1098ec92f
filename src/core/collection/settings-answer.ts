import { browserSettings, type ApiOrigin } from '../../domain/collection/browser-settings.js';
import { httpConfigOf } from '../../domain/sources/source-settings.js';
import { RouteNotFoundError } from '../../errors/server-errors.js';
import { UnknownWriteKeyError } from '../../errors/collection-errors.js';
import type { ServiceCore } from '../service-core.js';
import type { CollectionAnswer } from './collection-answer.js';
import { errorBody } from './collection-answer.js';
import { corsHeaders, PREFLIGHT_BODY, preflightHeaders } from './cors-rules.js';

/** The path of the settings, as adapters route it (`:writeKey` in msw, `{writeKey}` in Hapi). */
export const SETTINGS_PATH_PREFIX = '/v1/projects/';
export const SETTINGS_PATH_SUFFIX = '/settings';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' } as const;

/**
 * `GET /v1/projects/{writeKey}/settings`: the settings analytics.js loads before it sends anything, pointing
 * its API host back at the mock as the request reached it (`origin`). A key follows the zero-config rules:
 * with no sources configured any key gets settings; with sources configured an unknown key is a 404, as the
 * real CDN answers an unknown write key. OPTIONS is the preflight; any other method a 404. All with CORS.
 */
export function answerSettingsCall(
  core: ServiceCore,
  call: {
    readonly method: string;
    readonly writeKey: string;
    readonly origin: string | undefined;
    readonly requestedHeaders?: string | undefined;
  },
  apiOrigin: ApiOrigin,
): CollectionAnswer {
  const method = call.method.toUpperCase();
  const cors = corsHeaders(call.origin);
  if (method === 'OPTIONS')
    return {
      kind: 'reply',
      status: 200,
      headers: preflightHeaders(call.origin, call.requestedHeaders, 'GET, OPTIONS'),
      body: PREFLIGHT_BODY,
      success: false,
    };
  if (method !== 'GET') {
    const error = new RouteNotFoundError(method, `${SETTINGS_PATH_PREFIX}${call.writeKey}${SETTINGS_PATH_SUFFIX}`);
    return {
      kind: 'reply',
      status: 404,
      headers: { ...JSON_TYPE, ...cors },
      body: errorBody(error, `${error.message}; the settings are read with GET`),
      success: false,
    };
  }
  const source = core.sources.get(call.writeKey);
  if (!core.sources.zeroConfig && source === undefined) {
    const error = new UnknownWriteKeyError(call.writeKey, core.sources.writeKeys());
    return { kind: 'reply', status: 404, headers: { ...JSON_TYPE, ...cors }, body: errorBody(error), success: false };
  }
  return {
    kind: 'reply',
    status: 200,
    headers: { ...JSON_TYPE, ...cors },
    body: browserSettings(call.writeKey, apiOrigin, httpConfigOf(source, core.settings)),
    success: false,
  };
}
