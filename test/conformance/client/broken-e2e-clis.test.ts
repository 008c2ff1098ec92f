// Broken e2e CLIs, each flagged by exactly its clause through `--protocol e2e-cli`: the mini client of
// fixtures/mini-client.ts behind the e2e-cli contract (fixtures/e2e-cli/mini-e2e-cli.ts), with one bug of the client
// or of the CLI. A conformant e2e CLI passing every clause is check-client-e2e-cli.test.ts (our client's).
import test from 'ava';
import { e2eCliClauses, runClientSuite, shellCommand } from '../../../conformance/index.js';
import { fixtureE2eCli } from '../../interop/helpers/client-suite-verdicts.js';

interface BrokenCli {
  readonly bug: string;
  readonly what: string;
  readonly fails: readonly string[];
  readonly skips?: readonly string[];
  readonly message: RegExp;
  /** Run the whole suite: every other clause passes (or does not apply) against this CLI. */
  readonly full?: true;
}

const BROKEN: readonly BrokenCli[] = [
  {
    bug: 'never-retries',
    what: 'has a client that never retries',
    fails: ['7.retry.5xx'],
    skips: ['7.retry.429', '7.retry-after', '7.backoff', '7.reset', '4.3.delivered'],
    message:
      /were never delivered: the batch was sent 1 time in all, and the e2e CLI closed and exited without sending it again/,
  },
  {
    bug: 'ignores-flush-at',
    what: "never passes the input's flushAt on (its client keeps its default of 20)",
    fails: ['4.3.flush-at'],
    message: /A request carried \d+ events, with flushAt \d|of the full batches were sent at once/,
  },
  {
    bug: 'counts-characters',
    what: 'has a client that measures sizes in characters, so multi-byte text slips past 32 KiB',
    fails: ['4.2.event-size'],
    message:
      /a track whose JSON was \d+ bytes as sent \(\d+ characters of which most are "[^x"]" \([234] bytes in UTF-8\)/,
  },
  {
    bug: 'success-on-refused',
    what: 'reports success on a batch the mock refused',
    fails: ['e2e-cli.result'],
    skips: ['e2e-cli.result.failure'],
    message:
      /the e2e CLI printed \{"success":true,"sentBatches":1\} although calls [^.]+ were never delivered.*answered 400/,
  },
  {
    bug: 'crashes-on-unknown-type',
    full: true,
    what: 'crashes on an event of an unknown type',
    fails: ['e2e-cli.unknown-type'],
    message:
      /Given an event of type "\w+" .* the e2e CLI exited with code 1 and printed no result \(nothing on stdout\); stderr: TypeError: unknown event type/,
  },
];

/** A row's clauses with every clause they require or are judged after, in the suite's order. */
function clausesOf(broken: BrokenCli): string[] {
  const wanted = new Set([...broken.fails, ...(broken.skips ?? [])]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const clause of e2eCliClauses) {
      if (!wanted.has(clause.id)) continue;
      for (const id of [...(clause.requires ?? []), ...(clause.judgedAfter ?? [])]) {
        if (wanted.has(id)) continue;
        wanted.add(id);
        grown = true;
      }
    }
  }
  return e2eCliClauses.map((c) => c.id).filter((id) => wanted.has(id));
}

// One after another: the timing clauses must not see the other rows' load as a slow client.
for (const broken of BROKEN) {
  test.serial(
    `an e2e CLI that ${broken.what} (${broken.bug}) is flagged by ${broken.fails.join(', ')} alone`,
    async (t) => {
      t.timeout(120_000);
      const target = fixtureE2eCli('mini', broken.bug);
      const only = broken.full === true ? [] : clausesOf(broken);
      const started = Date.now();
      const report = await runClientSuite({ protocol: 'e2e-cli', target, seed: 2_026, runs: 3, only });
      t.true(Date.now() - started < 60_000, `judged in ${Date.now() - started} ms`);
      t.deepEqual(
        report.clauses.map((c) => c.id),
        broken.full === true ? e2eCliClauses.map((c) => c.id) : only,
      );
      const failed = report.clauses.filter((c) => c.status === 'fail');
      t.deepEqual(
        failed.map((c) => c.id),
        [...broken.fails],
        failed.map((c) => c.message).join('\n'),
      );
      t.deepEqual(
        report.clauses.filter((c) => c.status === 'skip' && c.notApplicable !== true).map((c) => c.id),
        [...(broken.skips ?? [])],
      );
      const [first] = failed;
      t.regex(first?.message ?? '', broken.message);
      t.regex(
        first?.replay ?? '',
        new RegExp(
          `^event-harness check client --protocol e2e-cli --seed 2026 --runs 3 --only ${broken.fails[0]?.replaceAll('.', '\\.')}`,
        ),
      );
      t.true(first?.replay?.endsWith(` -- ${shellCommand(target.command)}`));
      t.false(report.passed);
    },
  );
}
