import test from 'ava';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../../src/errors/config-errors.js';
import { loadOptionalPackage } from '../../src/driver/load-optional-package.js';

test("a package installed only in the current directory (the user's project) is found there", async (t) => {
  const project = await mkdtemp(path.join(tmpdir(), 'eh-driver-project-'));
  const home = process.cwd();
  t.teardown(async () => {
    process.chdir(home);
    await rm(project, { recursive: true, force: true });
  });
  const installed = path.join(project, 'node_modules', 'eh-project-only-sdk');
  await mkdir(installed, { recursive: true });
  await writeFile(
    path.join(installed, 'package.json'),
    JSON.stringify({ name: 'eh-project-only-sdk', version: '1.0.0', main: 'index.js' }),
  );
  await writeFile(path.join(installed, 'index.js'), 'exports.where = "the project";\n');
  await t.throwsAsync(
    loadOptionalPackage('eh-project-only-sdk', 'demo'),
    { instanceOf: UsageError },
    'not found from the repository',
  );
  process.chdir(project);
  const loaded = await loadOptionalPackage<{ default: { where: string } }>('eh-project-only-sdk', 'demo');
  t.is(loaded.default.where, 'the project');
});

test('a package found nowhere is a usage error naming the client, the package and the install command', async (t) => {
  const error = await t.throwsAsync(loadOptionalPackage('eh-nowhere-sdk', 'nowhere-node'), { instanceOf: UsageError });
  t.regex(
    error.message,
    /^driver --client nowhere-node needs the package eh-nowhere-sdk, which could not be loaded \(Cannot find (package|module) 'eh-nowhere-sdk'.*\); install it with: npm install eh-nowhere-sdk$/,
  );
  t.is(error.code, 'USAGE');
});
