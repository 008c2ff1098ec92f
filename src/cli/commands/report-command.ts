import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  clauseTitles,
  clientClauses,
  formatReport,
  isReporterName,
  receiverClauses,
  REPORTERS,
  type SuiteReport,
} from '../../../conformance/index.js';
import type { CliIo, CommandModule } from '../command.js';
import { withUsageErrors } from '../usage-errors.js';
import { UsageError } from '../../errors/config-errors.js';
import { parseOptions } from '../parse-options.js';

const HELP = `usage: event-harness report FILE [--reporter ${REPORTERS.join('|')}] [--output FILE]

Writes a saved JSON report (\`check ... --reporter json --output FILE\`) again in another format, so one suite
run gives every report a CI job wants: JUnit for a test-report action, Markdown for the job summary.

options:
  --reporter R     ${REPORTERS.join(', ')} (default pretty)
  --output FILE    write it to FILE instead of stdout

exit code: 0 written; 2 the file cannot be read or is not a suite report.

examples:
  event-harness check receiver http://localhost:3000/hooks --reporter json --output report.json
  event-harness report report.json --reporter junit --output junit.xml
  event-harness report report.json --reporter markdown >> "$GITHUB_STEP_SUMMARY"`;

const LEVELS = ['MUST', 'SHOULD'];
const STATUSES = ['pass', 'fail', 'skip'];

/** The report in `text`, checked for the fields the reporters read; the error says which is wrong. */
function parseReport(text: string, file: string): SuiteReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `report: ${file} is not JSON (${(error as Error).message}); give the file \`check --reporter json --output FILE\` wrote`,
    );
  }
  const report = value as Partial<Record<keyof SuiteReport, unknown>>;
  const wrong = (what: string) =>
    new UsageError(
      `report: ${file} is not a suite report: ${what}; give the file \`check --reporter json --output FILE\` wrote`,
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrong('expected a JSON object');
  if (typeof report.suite !== 'string') throw wrong('"suite" must be text');
  if (typeof report.seed !== 'number') throw wrong('"seed" must be a number');
  if (typeof report.passed !== 'boolean') throw wrong('"passed" must be true or false');
  if (!Array.isArray(report.clauses)) throw wrong('"clauses" must be a list');
  report.clauses.forEach((clause: unknown, index) => {
    const c = (clause ?? {}) as Record<string, unknown>;
    if (typeof c.id !== 'string' || !LEVELS.includes(c.level as string) || !STATUSES.includes(c.status as string))
      throw wrong(`clauses[${index}] must have an id, a level (MUST or SHOULD) and a status (pass, fail or skip)`);
  });
  return {
    ...(value as SuiteReport),
    waived: Array.isArray(report.waived) ? (report.waived as string[]) : [],
    notRun: Array.isArray(report.notRun) ? (report.notRun as string[]) : [],
  };
}

async function readReportFile(file: string, cwd: string): Promise<string> {
  try {
    return await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `report: cannot read ${JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

export function run(args: readonly string[], io: CliIo): Promise<number> {
  return withUsageErrors('report', io, async () => {
    const { values, positionals } = parseOptions(
      'report',
      args,
      { reporter: { type: 'string' }, output: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      true,
    );
    if (values.help === true) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (positionals.length !== 1)
      throw new UsageError(
        `report: expected one JSON report FILE; received ${positionals.length === 0 ? 'none' : positionals.map((p) => JSON.stringify(p)).join(' ')}`,
      );
    const reporter = values.reporter ?? 'pretty';
    if (!isReporterName(reporter))
      throw new UsageError(
        `report: --reporter must be one of ${REPORTERS.join(', ')}; received ${JSON.stringify(reporter)}`,
      );
    const file = positionals[0] ?? '';
    const report = parseReport(await readReportFile(file, io.cwd), JSON.stringify(file));
    const clauses = report.suite === 'receiver' ? receiverClauses : report.suite === 'client' ? clientClauses : [];
    const output = formatReport(report, reporter, clauseTitles(clauses));
    if (values.output === undefined) io.stdout.write(output);
    else await writeFile(path.resolve(io.cwd, values.output), output);
    return 0;
  });
}

export const summary = 'write a saved JSON suite report again as pretty, JUnit or Markdown';
export const reportCommand: CommandModule = { run, summary };
