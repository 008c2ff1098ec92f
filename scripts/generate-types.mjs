#!/usr/bin/env node
// Generates from schemas/ (the single source of truth): the TypeScript types (wire-types.ts), the schemas as
// a module (schema-documents.ts) and the Ajv validators compiled to code (standalone-validators.ts).
// `--check` fails when a committed file is stale, so CI catches a schema edit without a regenerate.
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const schemasDir = path.join(root, 'schemas');
const outFile = path.join(root, 'src/contract/generated/wire-types.ts');
const documentsFile = path.join(root, 'src/contract/generated/schema-documents.ts');
const validatorsFile = path.join(root, 'src/contract/generated/standalone-validators.ts');
const check = process.argv.includes('--check');

const files = (await readdir(schemasDir)).filter((f) => f.endsWith('.schema.json')).sort();
const properties = {};
const documents = {};
for (const file of files) {
  const schema = JSON.parse(await readFile(path.join(schemasDir, file), 'utf8'));
  documents[file.replace('.schema.json', '')] = schema;
  if (file === 'common.schema.json') {
    for (const name of Object.keys(schema.definitions))
      properties[`common_${name}`] = { $ref: `${file}#/definitions/${name}` };
  } else {
    properties[file.replace('.schema.json', '')] = { $ref: file };
  }
}
const wire = { title: 'WireContract', type: 'object', properties, additionalProperties: false };
const banner = `/* eslint-disable */
/**
 * DO NOT EDIT: generated from schemas/ by \`npm run generate\` (scripts/generate-types.mjs).
 * \`npm run check:types-generated\` fails when this file is stale.
 */`;
const ts = await compile(wire, 'WireContract', {
  cwd: schemasDir,
  bannerComment: banner,
  additionalProperties: true,
  unknownAny: true,
  strictIndexSignatures: true,
  ignoreMinAndMaxItems: true,
  $refOptions: { resolve: { http: false } },
});

// The schemas are also embedded as a module so validators need no file system (msw runs in browsers too).
const names = Object.keys(documents);
const embedded = `${banner}

export type SchemaName =
${names.map((n) => `  | ${JSON.stringify(n)}`).join('\n')};

export const schemaNames: readonly SchemaName[] = ${JSON.stringify(names)};

export const schemaDocuments: Readonly<Record<SchemaName, Readonly<Record<string, unknown>>>> = ${JSON.stringify(documents, null, 2)};
`;

// Compiled here once rather than by every process at start-up, where compiling every schema would be most of a
// harness's cold start: the validators ship as plain functions. The options are
// the ones the error rendering in src/contract/validators.ts relies on (allErrors, verbose for data and
// parentSchema, discriminator).
const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  discriminator: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  code: { source: true, esm: true, lines: true },
});
addFormatsModule.default(ajv);
for (const name of names) ajv.addSchema(documents[name]);
const exportName = (name) => `validate_${name.replaceAll('-', '_')}`;
let code = standaloneCodeModule.default(ajv, Object.fromEntries(names.map((n) => [exportName(n), documents[n].$id])));
// The date-time format comes from src/contract/date-time-format.ts: ajv-formats' check behind a fast path for
// the canonical UTC form (same answers, a fraction of the cost on the collection route's hot path).
code = code
  .split('require("ajv-formats/dist/formats").fullFormats["date-time"]')
  .join('require("../date-time-format").dateTimeFormat');
// Ajv's standalone code reaches its run-time helpers with require(); an ES module imports them instead.
const helpers = [...new Set(code.match(/require\("[^"]+"\)/g) ?? [])].sort();
const helperImports = helpers.map((call, i) => {
  code = code.split(call).join(`runtime${i}`);
  // A namespace import, then the CommonJS exports object whichever way the loader interops: Node hands it over as
  // `default`; vitest and bundlers hand over its `default` export instead, so the namespace itself is the object.
  const specifier = JSON.stringify(`${call.slice('require("'.length, -2)}.js`);
  return `import * as runtime${i}Module from ${specifier};\nconst runtime${i} = runtime${i}Module.default?.__esModule ? runtime${i}Module.default : runtime${i}Module;`;
});
code = code.replace(/^"use strict";/, '');
const standalone = `// @ts-nocheck
${banner}
${helperImports.join('\n')}

${code}

/** Every schema's compiled validator, by schema name. */
export const standaloneValidators = {
${names.map((n) => `  ${JSON.stringify(n)}: ${exportName(n)},`).join('\n')}
};
`;

const outputs = [
  [outFile, ts],
  [documentsFile, embedded],
  [validatorsFile, standalone],
];
let stale = false;
for (const [file, text] of outputs) {
  const rel = path.relative(root, file);
  if (check) {
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${rel} is stale: run \`npm run generate\` and commit the result.`);
      stale = true;
    }
  } else {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    console.log(`wrote ${rel}`);
  }
}
if (stale) process.exit(1);
if (check) console.log('generated files are up to date');
