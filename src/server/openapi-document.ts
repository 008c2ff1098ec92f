import type Joi from 'joi';
import joiToJsonModule from 'joi-to-json';
import { schemaDocuments, schemaNames } from '../contract/generated/schema-documents.js';
import { COLLECTION_ROUTES } from '../domain/collection/collection-routes.js';

/** A route as Hapi's server.table() lists it: the generator reads its description and its joi validation. */
export interface DocumentedRoute {
  readonly method: string;
  readonly path: string;
  readonly settings: {
    readonly description?: string | undefined;
    readonly validate?: { readonly query?: unknown; readonly params?: unknown; readonly payload?: unknown } | undefined;
    readonly plugins?: { readonly openapi?: { readonly responses?: Readonly<Record<string, string>> } } | undefined;
  };
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

/** The collection API is the wire contract: its bodies are the schemas of schemas/, its routes COLLECTION_ROUTES. */
function collectionOperation(route: string): Operation {
  const kind = COLLECTION_ROUTES[route] ?? 'batch';
  const schema = kind === 'batch' ? ref('batch') : ref(kind);
  return {
    summary: kind === 'batch' ? `Send up to 2,500 events (${route})` : `Send one ${kind} call (${route})`,
    security: [{ writeKeyBasic: [] }, {}],
    requestBody: { required: true, content: { 'application/json': { schema }, 'text/plain': { schema } } },
    responses: {
      200: {
        description: 'Accepted (invalid events are journaled as rejected unless strict)',
        ...json({ type: 'object', properties: { success: { const: true } } }),
      },
      400: errorResponse('Bad JSON, a size limit, or (strict) rule violations'),
      401: errorResponse('Missing or unknown write key'),
      415: errorResponse('Unsupported Content-Type or Content-Encoding'),
      429: errorResponse(
        'An injected 429, the rate limit setting, or a full delivery backlog; Retry-After says when to retry',
      ),
    },
  };
}

function isJoi(value: unknown): value is Joi.Schema {
  return (
    value !== null &&
    typeof value === 'object' &&
    'describe' in value &&
    typeof (value as { describe: unknown }).describe === 'function'
  );
}

// joi-to-json is CommonJS (`module.exports = parse`) while its types declare a default export of a namespace.
const joiToJson = joiToJsonModule as unknown as (schema: Joi.Schema, mode: 'open-api-3.1') => Record<string, unknown>;

function toJsonSchema(schema: Joi.Schema): Record<string, unknown> {
  return joiToJson(schema, 'open-api-3.1');
}

/** One parameter per key of a query or path object schema, in the schema's order. */
function parametersOf(schema: unknown, where: 'query' | 'path'): unknown[] {
  if (!isJoi(schema)) return [];
  const converted = toJsonSchema(schema);
  const properties = (converted.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** The request body: a schema of schemas/ by reference (wire contract), else the joi schema converted. */
function requestBodyOf(schema: unknown): unknown {
  if (!isJoi(schema)) return undefined;
  const described = schema.describe() as { type?: string; metas?: { wireSchema?: string }[] };
  const wire = described.metas?.find((meta) => typeof meta.wireSchema === 'string')?.wireSchema;
  if (wire !== undefined) return { required: true, ...json(ref(wire)) };
  if (described.type === 'any') return undefined;
  return { required: true, ...json(toJsonSchema(schema)) };
}

function adminOperation(route: DocumentedRoute): Operation {
  const validate = route.settings.validate ?? {};
  const pathParameters = parametersOf(validate.params, 'path') as { name: string }[];
  // A placeholder the route does not validate is still a parameter: a string, required.
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (name !== undefined && !pathParameters.some((p) => p.name === name))
      pathParameters.push({ name, in: 'path', required: true, schema: { type: 'string' } } as { name: string });
  }
  const parameters = [...pathParameters, ...parametersOf(validate.query, 'query')];
  const requestBody = requestBodyOf(validate.payload);
  const responses: Record<string, unknown> = { 200: { description: 'OK', content: { 'application/json': {} } } };
  if (parameters.length > 0 || requestBody !== undefined || isJoi(validate.payload))
    responses[400] = errorResponse(
      'The query, path or body is not what the route takes (the message names the field, what it takes and what was received)',
    );
  for (const [status, description] of Object.entries(route.settings.plugins?.openapi?.responses ?? {}))
    responses[status] = errorResponse(description);
  return {
    summary: route.settings.description ?? `${route.method.toUpperCase()} ${route.path}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody !== undefined ? { requestBody } : {}),
    responses,
  };
}

/** Admin paths that belong to the server, not to a run: the runs themselves, this document, the sample receiver. */
const SERVER_WIDE = /^\/__harness\/(?:runs(?:\/|$)|openapi\.json$|sample-receiver$)/;

const RUN_ID_PARAMETER = {
  name: 'runId',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The run id (POST /__harness/runs answers it), or "default"',
};

/**
 * Every admin route of a run is listed under /__harness/runs/{runId}/ as well (the server routes it to the same
 * route, docs/runs.md): a client generated from the document gets per-run calls, and a reader sees which routes a
 * run has. Same operation, plus the runId parameter and the 404 of an unknown run.
 */
function addPerRunPaths(paths: Record<string, Record<string, Operation>>): void {
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/__harness/') || SERVER_WIDE.test(path)) continue;
    const perRun: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(operations))
      perRun[method] = {
        ...operation,
        summary: `${operation.summary} (of one run)`,
        parameters: [RUN_ID_PARAMETER, ...(operation.parameters ?? [])],
        responses: { ...operation.responses, 404: errorResponse('No run has this id (RUN_NOT_FOUND)') },
      };
    paths[`/__harness/runs/{runId}${path.slice('/__harness'.length)}`] = perRun;
  }
}

const FILE_REF = /^([a-z0-9-]+)\.schema\.json(#.*)?$/;

/**
 * A schema of schemas/ as a component: its references between files (`common.schema.json#/definitions/Id`)
 * point into the document's own components instead (`#/components/schemas/common/definitions/Id`), and its
 * `$id` and `$schema` go, so a reader resolves every reference inside the one document.
 */
function asComponent(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return value.map((item) => asComponent(item, name));
  if (value === null || typeof value !== 'object') return value;
  const component: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$id' || key === '$schema') continue;
    if (key !== '$ref' || typeof child !== 'string') {
      component[key] = asComponent(child, name);
      continue;
    }
    // `#/definitions/X` meant the schema's own root; in the document it is this component's.
    const match = FILE_REF.exec(child);
    component[key] =
      match !== null
        ? `#/components/schemas/${match[1]}${(match[2] ?? '#').slice(1)}`
        : child.startsWith('#')
          ? `#/components/schemas/${name}${child.slice(1)}`
          : child;
  }
  return component;
}

/**
 * OpenAPI 3.1 of the whole HTTP surface, generated from the routes: each admin route's summary is its
 * description, its parameters and body are its joi validation converted by joi-to-json (a wire-contract body
 * refers to its schema of schemas/), and the collection routes come from COLLECTION_ROUTES and schemas/.
 */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    // Catch-alls (404s, the lazy admin stand-in) and preflight-only routes are not part of the surface.
    if (route.path.endsWith('{path*}') || route.method === 'options' || route.method === '_special') continue;
    if (route.path === '/v1/{route}') {
      for (const name of Object.keys(COLLECTION_ROUTES)) (paths[`/v1/${name}`] ??= {}).post = collectionOperation(name);
      continue;
    }
    if (route.method === '*') continue;
    (paths[route.path] ??= {})[route.method] = adminOperation(route);
  }
  addPerRunPaths(paths);
  const schemas: Record<string, unknown> = {};
  for (const name of schemaNames) schemas[name] = asComponent(schemaDocuments[name], name);
  return {
    openapi: '3.1.0',
    info: {
      title: 'event-harness mock service',
      version: '1',
      description: 'The collection API, the admin API under /__harness, and the wire contract of schemas/.',
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        writeKeyBasic: { type: 'http', scheme: 'basic', description: 'username = write key, empty password' },
      },
    },
  };
}
