import { fc, testProp } from '@fast-check/ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { shellCommand } from '../../../conformance/index.js';

const run = promisify(execFile);

// A printed replay command must survive a real POSIX shell: every argument comes back exactly as given.
testProp(
  'shellCommand quotes arguments so /bin/sh hands them back unchanged',
  [
    fc.array(fc.string({ unit: fc.constantFrom(...'ab :/-=\'"$`\\!*?<>{}[]();&|~#%\t\n'.split('')), maxLength: 12 }), {
      minLength: 1,
      maxLength: 8,
    }),
  ],
  async (t, args) => {
    const { stdout } = await run('/bin/sh', ['-c', `printf '%s\\0' ${shellCommand(args)}`]);
    t.deepEqual(stdout.split('\0').slice(0, -1), args);
  },
  { numRuns: 25 },
);
