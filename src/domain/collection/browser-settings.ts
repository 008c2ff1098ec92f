import type { HttpConfig } from '../../contract/generated/wire-types.js';

/** Where the mock answers, as the browser reached it: `127.0.0.1:4010` and `http`. */
export interface ApiOrigin {
  readonly host: string;
  readonly protocol: 'http' | 'https';
}

/**
 * The source settings analytics.js (@segment/analytics-next) loads first from
 * `{cdnURL}/v1/projects/{writeKey}/settings`, shaped like the real CDN's answer, with
 * `integrations["Segment.io"].apiHost` and `protocol` pointing back at the mock so the SDK sends its events
 * here (it posts to `{protocol}://{apiHost}/{t,p,i,...}`, or `/b` in batching mode). Only the Segment.io
 * integration is listed (one integration: no device-mode destinations to fetch), no remote plugins or
 * middleware (nothing off loopback), and the SDK's own metrics are off (`sampleRate: 0`). With `httpConfig`, the
 * Segment.io integration carries it as analytics-next (1.84.0 on) reads it, where it wins over the init options.
 */
export function browserSettings(writeKey: string, origin: ApiOrigin, httpConfig?: HttpConfig): Record<string, unknown> {
  const apiHost = `${origin.host}/v1`;
  return {
    integrations: {
      'Segment.io': {
        apiKey: writeKey,
        unbundledIntegrations: [],
        addBundledMetadata: true,
        maybeBundledConfigIds: {},
        versionSettings: { componentTypes: ['browser'] },
        apiHost,
        protocol: origin.protocol,
        ...(httpConfig !== undefined ? { httpConfig } : {}),
      },
    },
    plan: {
      track: { __default: { enabled: true, integrations: {} } },
      identify: { __default: { enabled: true } },
      group: { __default: { enabled: true } },
    },
    edgeFunction: {},
    analyticsNextEnabled: true,
    middlewareSettings: {},
    enabledMiddleware: {},
    metrics: { sampleRate: 0, host: apiHost },
    legacyVideoPluginsEnabled: false,
    remotePlugins: [],
  };
}
