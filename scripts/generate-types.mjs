#!/usr/bin/env node
// Generates src/contract/generated/wire-types.ts from schemas/ (the single source of truth).
// `--check` fails when the committed file is stale, so CI catches a schema edit without a regenerate.
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const schemasDir = path.join(root, 'schemas');
const outFile = path.join(root, 'src/contract/generated/wire-types.ts');
const documentsFile = path.join(root, 'src/contract/generated/schema-documents.ts');
const check = process.argv.includes('--check');

const files = (await readdir(schemasDir)).filter((f) => f.endsWith('.schema.json')).sort();
const properties = {};
const documents = {};
for (const file of files) {
  const schema = JSON.parse(await readFile(path.join(schemasDir, file), 'utf8'));
  documents[file.replace('.schema.json', '')] = schema;
  if (file === 'common.schema.json') {
    for (const name of Object.keys(schema.definitions)) properties[`common_${name}`] = { $ref: `${file}#/definitions/${name}` };
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

const outputs = [
  [outFile, ts],
  [documentsFile, embedded],
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
