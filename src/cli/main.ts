#!/usr/bin/env node
// The `event-harness` bin: hands the arguments to runCli and exits with its code.
import { runCli } from './run-cli.js';

runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // One line for the user; the stack only when asked for, since it means nothing to most.
    const debug = /(^|,)\s*(event-harness|\*)\s*(,|$)/.test(process.env.DEBUG ?? '');
    const text = error instanceof Error ? (debug ? (error.stack ?? error.message) : error.message) : String(error);
    process.stderr.write(
      `event-harness: unexpected error: ${text}${debug ? '' : ' (set DEBUG=event-harness for the stack)'}\n`,
    );
    process.exitCode = 1;
  },
);
