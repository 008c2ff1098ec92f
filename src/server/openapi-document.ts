import { schemaDocuments, schemaNames } from '../contract/generated/schema-documents.js';
import { COLLECTION_ROUTES } from '../domain/collection/collection-routes.js';

export interface RouteInfo {
  readonly method: string;
  readonly path: string;
  readonly description?: string | undefined;
}

interface Operation {
  summary: string;
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
  parameters?: unknown[];
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const errorResponse = (description: string) => ({ description, ...json(ref('error-response')) });

const COLLECTION_OPERATION = (route: string): Operation => {
  const kind = COLLECTION_ROUTES[route] ?? 'batch';
  const schema = kind === 'batch' ? ref('batch') : ref(kind);
  return {
    summary: kind === 'batch' ? `Send up to 2,500 events (${route})` : `Send one ${kind} call (${route})`,
    security: [{ writeKeyBasic: [] }, {}],
    requestBody: { required: true, content: { 'application/json': { schema }, 'text/plain': { schema } } },
    responses: {
      200: { description: 'Accepted (invalid events are journaled as rejected unless strict)', ...json({ type: 'object', properties: { success: { const: true } } }) },
      400: errorResponse('Bad JSON, a size limit, or (strict) rule violations'),
      401: errorResponse('Missing or unknown write key'),
      415: errorResponse('Unsupported Content-Type or Content-Encoding'),
    },
  };
};

const ADMIN_OPERATIONS: Readonly<Record<string, Operation>> = {
  'get /__harness/health': { summary: 'Liveness', responses: { 200: { description: 'Up' } } },
  'get /__harness/events': {
    summary: 'The event journal',
    parameters: ['status', 'type', 'userId', 'writeKey', 'messageId', 'q', 'limit', 'offset', 'order'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' }, ...(name === 'q' ? { description: 'Free text: a case-insensitive substring of the entry as JSON' } : {}) })),
    responses: { 200: { description: 'Matching entries', ...json({ type: 'object', properties: { total: { type: 'integer' }, events: { type: 'array', items: ref('journal-entry') } } }) } },
  },
  'get /__harness/deliveries': {
    summary: 'Webhook deliveries with every attempt, newest first',
    parameters: ['state', 'writeKey', 'type', 'messageId', 'q', 'limit', 'offset'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' }, ...(name === 'q' ? { description: 'Free text: a case-insensitive substring of the id, message id, write key, body, URLs or attempt errors' } : {}) })),
    responses: { 200: { description: 'Deliveries', ...json({ type: 'object', properties: { total: { type: 'integer' }, deliveries: { type: 'array', items: ref('delivery-record') } } }) } },
  },
  'get /__harness/stream': {
    summary: 'Server-sent events for the inspector: one `update` per change burst (at most one per 50 ms) naming what changed, with counts and the clock',
    responses: { 200: { description: 'text/event-stream of `update` events; the first is a snapshot', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
  },
  'get /__harness/requests': {
    summary: 'Collection requests as answered (status, injected fault, write key), newest first',
    parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'string' } }],
    responses: { 200: { description: 'Requests', ...json({ type: 'object', properties: { total: { type: 'integer' }, requests: { type: 'array', items: { type: 'object' } } } }) } },
  },
  'post /__harness/clock/next-retry': { summary: 'Advance the fake clock to the earliest scheduled delivery retry and let it run', responses: { 200: { description: '{fired, retryAt?, mode, now}' }, 409: errorResponse('The clock is the system clock') } },
  'post /__harness/deletions': { summary: 'Create a deletion request', requestBody: json(ref('deletion-request')), responses: { 200: { description: 'Notifications queued' }, 400: errorResponse('Invalid request') } },
  'put /__harness/audiences/{name}': { summary: 'Define an audience', requestBody: json(ref('audience')), responses: { 200: { description: 'Defined' }, 400: errorResponse('Invalid audience') } },
  'post /__harness/faults': {
    summary: 'Inject a fault into the next collection requests',
    requestBody: json({ type: 'object', properties: { count: { type: 'integer' }, share: { type: 'number' }, status: { type: 'integer' }, retryAfter: { type: 'number' }, delayMs: { type: 'number' }, reset: { type: 'boolean' }, routes: { type: 'array', items: { type: 'string' } } } }),
    responses: { 200: { description: 'Queued' }, 400: errorResponse('Invalid fault') },
  },
  'post /__harness/clock/advance': { summary: 'Advance the fake clock (settle: step through due timers, letting each retry\'s real request finish first)', requestBody: json({ type: 'object', required: ['ms'], properties: { ms: { type: 'number', minimum: 0 }, settle: { type: 'boolean' } } }), responses: { 200: { description: 'The new time' }, 409: errorResponse('The clock is the system clock') } },
};

/** OpenAPI 3.1 for every route the server has, with the wire contract's schemas as components. */
export function buildOpenApiDocument(routes: readonly RouteInfo[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    if (route.method === 'options' || route.method === '_special') continue;
    const entries: [string, Operation][] = route.path === '/v1/{route}'
      ? Object.keys(COLLECTION_ROUTES).map((name) => [`/v1/${name}`, COLLECTION_OPERATION(name)])
      : [[route.path, ADMIN_OPERATIONS[`${route.method} ${route.path}`] ?? { summary: route.description ?? `${route.method.toUpperCase()} ${route.path}`, responses: { 200: { description: 'OK' }, 400: errorResponse('Invalid request') } }]];
    for (const [path, operation] of entries) (paths[path] ??= {})[route.method] = operation;
  }
  const schemas: Record<string, unknown> = {};
  for (const name of schemaNames) {
    const { $schema: _ignored, ...schema } = schemaDocuments[name] as Record<string, unknown>;
    schemas[name] = schema;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'event-harness mock service', version: '1', description: 'The collection API, the admin API under /__harness, and the wire contract of schemas/.' },
    paths,
    components: { schemas, securitySchemes: { writeKeyBasic: { type: 'http', scheme: 'basic', description: 'username = write key, empty password' } } },
  };
}
