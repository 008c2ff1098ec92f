// The OpenAPI document is generated from the routes: every admin route is in it with the parameters and
// body its joi validation takes, and it is a valid OpenAPI 3.1 document.
import test from 'ava';
import Joi from 'joi';
import { Validator } from '@seriousme/openapi-schema-validator';
import { inspectorPlugin } from '../../src/server/plugins/inspector-plugin.js';
import { buildOpenApiDocument, type DocumentedRoute } from '../../src/server/openapi-document.js';
import { getJson, startHarness } from '../helpers/harness.js';

interface Operation {
  summary: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
}

async function documented(t: Parameters<typeof startHarness>[0]) {
  const harness = await startHarness(t, { sampleReceiver: true });
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core } });
  // The admin routes register on first use: read the document, then the table.
  const { status, body } = await getJson(`${harness.url}/__harness/openapi.json`);
  t.is(status, 200);
  const routes = harness.server.table() as unknown as DocumentedRoute[];
  return { body, routes, paths: body.paths as Record<string, Record<string, Operation>> };
}

test('the served document is valid OpenAPI 3.1 (checked by @seriousme/openapi-schema-validator)', async (t) => {
  const { body } = await documented(t);
  const result = await new Validator().validate(body);
  t.deepEqual(result.errors, undefined, JSON.stringify(result.errors)?.slice(0, 2000));
  t.true(result.valid);
  const broken = {
    ...body,
    paths: { '/__harness/x': { get: { summary: 'bad', parameters: [{ name: 'limit', in: 'nowhere' }] } } },
  };
  t.false((await new Validator().validate(broken)).valid, 'the validator refuses a parameter in no place');
});

test('every admin route of the server is in the document, with each query and path parameter its joi validation names', async (t) => {
  const { routes, paths } = await documented(t);
  const admin = routes.filter(
    (route) =>
      (route.path.startsWith('/__harness') || route.path === '/' || route.path.startsWith('/inspector/')) &&
      route.method !== '*' &&
      !route.path.endsWith('{path*}'),
  );
  t.true(admin.length >= 25, `${admin.length} admin routes`);
  for (const route of admin) {
    const operation = paths[route.path]?.[route.method];
    if (operation === undefined) {
      t.fail(`${route.method.toUpperCase()} ${route.path} is missing from the document`);
      continue;
    }
    const validate = route.settings.validate as
      | { query?: { describe(): { keys?: object } }; params?: { describe(): { keys?: object } } }
      | undefined;
    const pathNames = Object.keys(validate?.params?.describe().keys ?? {});
    for (const [, name] of route.path.matchAll(/\{(\w+)\}/g))
      if (name !== undefined && !pathNames.includes(name)) pathNames.push(name);
    const expected = [...pathNames, ...Object.keys(validate?.query?.describe().keys ?? {})];
    t.deepEqual(operation.parameters?.map((p) => p.name) ?? [], expected, `${route.method} ${route.path}`);
    for (const name of route.path.match(/\{(\w+)\}/g) ?? [])
      t.true(
        operation.parameters?.some((p) => p.in === 'path' && p.required && `{${p.name}}` === name),
        `${route.path} documents ${name}`,
      );
  }
  t.deepEqual(paths['/__harness/events']?.get?.parameters?.find((p) => p.name === 'status')?.schema.enum, [
    'accepted',
    'rejected',
    'duplicate',
    'filtered',
  ]);
  t.like(paths['/__harness/events']?.get?.parameters?.find((p) => p.name === 'limit')?.schema, {
    type: 'integer',
    minimum: 0,
  });
});

test('bodies come from the joi validation, or refer to schemas/ for the wire contract; clock routes document their 409', async (t) => {
  const { paths } = await documented(t);
  const fault = paths['/__harness/faults']?.post?.requestBody?.content['application/json'].schema as {
    properties: Record<string, Record<string, unknown>>;
  };
  t.like(fault.properties.status, { type: 'integer', minimum: 200, maximum: 599 });
  t.like(fault.properties.delayMs, { type: 'number', maximum: 86_400_000 });
  const advance = paths['/__harness/clock/advance']?.post?.requestBody?.content['application/json'].schema as {
    required: string[];
    properties: Record<string, unknown>;
  };
  t.deepEqual(advance.required, ['ms']);
  t.deepEqual(Object.keys(advance.properties), ['ms', 'settle', 'budgetMs']);
  t.deepEqual(paths['/__harness/deletions']?.post?.requestBody?.content['application/json'].schema, {
    $ref: '#/components/schemas/deletion-request',
  });
  t.deepEqual(paths['/__harness/audiences/{name}']?.put?.requestBody?.content['application/json'].schema, {
    $ref: '#/components/schemas/audience',
  });
  for (const path of [
    '/__harness/clock/advance',
    '/__harness/clock/next',
    '/__harness/clock/next-retry',
    '/__harness/clock/run-until-idle',
  ])
    t.truthy(paths[path]?.post?.responses[409], path);
  t.truthy(paths['/__harness/faults']?.post?.responses[400]);
  t.is(paths['/__harness/health']?.get?.responses[400], undefined, 'a route that takes no input has no 400');
});

test('a route added with joi validation appears in a generated document with its parameters', (t) => {
  // The generator reads only what server.table() gives: a new route needs no hand-written entry.
  const validate = {
    params: Joi.object({ id: Joi.string().required() }),
    query: Joi.object({ colour: Joi.string().valid('red', 'blue').description('Paint') }),
  };
  const route: DocumentedRoute = {
    method: 'get',
    path: '/__harness/widgets/{id}',
    settings: { description: 'A widget', validate },
  };
  const document = buildOpenApiDocument([route]) as { paths: Record<string, Record<string, Operation>> };
  const operation = document.paths['/__harness/widgets/{id}']?.get;
  t.is(operation?.summary, 'A widget');
  t.deepEqual(operation?.parameters, [
    { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    {
      name: 'colour',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['red', 'blue'] },
      description: 'Paint',
    },
  ]);
  t.truthy(operation?.responses[400]);
});

test('every admin route of a run is listed under /__harness/runs/{runId}/ with the runId parameter and a 404; server-wide routes are not', async (t) => {
  const { paths } = await documented(t);
  const events = paths['/__harness/runs/{runId}/events']?.get;
  t.truthy(events);
  t.deepEqual(events?.parameters?.[0], {
    name: 'runId',
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: 'The run id (POST /__harness/runs answers it), or "default"',
  });
  t.deepEqual(
    events?.parameters?.slice(1).map((p) => p.name),
    paths['/__harness/events']?.get?.parameters?.map((p) => p.name),
  );
  t.truthy(events?.responses[404]);
  t.truthy(paths['/__harness/runs/{runId}/clock/advance']?.post?.requestBody);
  t.truthy(paths['/__harness/runs/{runId}/deliveries/{id}/redeliver']?.post);
  t.truthy(paths['/__harness/runs']?.post);
  t.truthy(paths['/__harness/runs/{id}']?.delete);
  for (const serverWide of [
    '/__harness/runs/{runId}/openapi.json',
    '/__harness/runs/{runId}/runs',
    '/__harness/runs/{runId}/sample-receiver',
  ])
    t.is(paths[serverWide], undefined, serverWide);
});
