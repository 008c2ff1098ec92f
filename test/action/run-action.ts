import type { ExecutionContext } from 'ava';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../helpers/spawn-cli.js';

// Runs action.yml's composite steps as the GitHub runner does, on this machine: each `run` through
// `bash --noprofile --norc -eo pipefail`, its `env` and `working-directory` expressions evaluated, fresh
// GITHUB_OUTPUT per step, GITHUB_ENV carried to the next steps, one GITHUB_STEP_SUMMARY file, and the
// steps after a failing one skipped. Only the expression forms action.yml uses are understood; any other
// fails the test, so the action cannot drift into what this runner does not check.

interface ActionStep {
  readonly id: string;
  readonly name?: string;
  readonly shell: string;
  readonly run: string;
  readonly env?: Record<string, string>;
  readonly 'working-directory'?: string;
}

interface ActionFile {
  readonly inputs: Record<string, { default?: string }>;
  readonly outputs: Record<string, { value: string }>;
  readonly runs: { using: string; steps: ActionStep[] };
}

export interface ActionRun {
  /** The exit code of the step that failed, or 0. */
  readonly code: number;
  readonly failedStep?: string;
  readonly outputs: Record<string, string>;
  readonly stepOutputs: Record<string, Record<string, string>>;
  readonly summary: string;
  /** What GITHUB_ENV set for the job's later steps. */
  readonly env: Record<string, string>;
  /** Every step's stdout and stderr, as the job log shows them. */
  readonly log: string;
  /** The workspace the steps ran in. */
  readonly workspace: string;
}

export const actionFile = async (): Promise<ActionFile> =>
  parse(await readFile(path.join(repoRoot, 'action.yml'), 'utf8')) as ActionFile;

/** `name=value` lines and `name<<DELIM` blocks of a GITHUB_OUTPUT or GITHUB_ENV file. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block !== null) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== block[2]; i++) body.push(lines[i] ?? '');
      values[block[1] ?? ''] = body.join('\n');
    } else if (line.includes('=')) values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return values;
}

function evaluate(
  text: string,
  context: { inputs: Record<string, string>; steps: Record<string, Record<string, string>> },
): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_whole, expression: string) => {
    const [scope, ...rest] = expression.split('.');
    if (scope === 'inputs' && rest.length === 1) return context.inputs[rest[0] ?? ''] ?? '';
    if (scope === 'steps' && rest.length === 3 && rest[1] === 'outputs')
      return context.steps[rest[0] ?? '']?.[rest[2] ?? ''] ?? '';
    throw new Error(`action.yml uses an expression this runner does not evaluate: ${expression}`);
  });
}

function runBash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', script],
      { cwd, env, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 124;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Each input the action declares: the one given, else its default; an input it does not declare is an error. */
function givenInputs(
  declared: Readonly<Record<string, { default?: string }>>,
  inputs: Record<string, string>,
): Record<string, string> {
  for (const name of Object.keys(inputs)) if (!(name in declared)) throw new Error(`action.yml has no input ${name}`);
  const given: Record<string, string> = {};
  for (const [name, input] of Object.entries(declared)) given[name] = inputs[name] ?? input.default ?? '';
  return given;
}

/** This process's environment without what a runner or the user's shell would set for the action. */
function runnerlessEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('GITHUB_') && !name.startsWith('INPUT_') && !name.startsWith('EVENT_HARNESS'),
    ),
  );
}

/** Runs the action with `inputs` in a fresh workspace (or `workspace`), removed when the test ends. */
export async function runAction(
  t: ExecutionContext,
  inputs: Record<string, string>,
  options: { workspace?: string; timeoutMs?: number } = {},
): Promise<ActionRun> {
  const action = await actionFile();
  if (action.runs.using !== 'composite') throw new Error('action.yml is not a composite action');
  const root = await mkdtemp(path.join(os.tmpdir(), 'event-harness-action-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  const workspace = options.workspace ?? path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner-temp');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  const summaryFile = path.join(root, 'step-summary.md');
  const envFile = path.join(root, 'github-env');
  await writeFile(summaryFile, '');
  await writeFile(envFile, '');
  const given = givenInputs(action.inputs, inputs);
  const steps: Record<string, Record<string, string>> = {};
  let log = '';
  let failed: { code: number; step: string } | undefined;
  for (const step of action.runs.steps) {
    if (step.shell !== 'bash') throw new Error(`step ${step.id} runs in ${step.shell}; this runner knows bash`);
    const outputFile = path.join(root, `output-${step.id}`);
    await writeFile(outputFile, '');
    const script = path.join(root, `step-${step.id}.sh`);
    await writeFile(script, step.run);
    const stepEnv: Record<string, string> = {};
    for (const [name, value] of Object.entries(step.env ?? {}))
      stepEnv[name] = evaluate(String(value), { inputs: given, steps });
    const env: NodeJS.ProcessEnv = {
      ...runnerlessEnv(),
      ...parseCommandFile(await readFile(envFile, 'utf8')),
      ...stepEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: repoRoot,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_ENV: envFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: runnerTemp,
    };
    const cwd = path.resolve(workspace, evaluate(step['working-directory'] ?? '.', { inputs: given, steps }));
    const result = await runBash(script, cwd, env, options.timeoutMs ?? 180_000);
    log += `::group::${step.name ?? step.id}\n${result.output}::endgroup::\n`;
    steps[step.id] = parseCommandFile(await readFile(outputFile, 'utf8'));
    if (result.code !== 0) {
      failed = { code: result.code, step: step.id };
      break;
    }
  }
  const outputs: Record<string, string> = {};
  for (const [name, output] of Object.entries(action.outputs))
    outputs[name] = evaluate(output.value, { inputs: given, steps });
  return {
    code: failed?.code ?? 0,
    ...(failed !== undefined ? { failedStep: failed.step } : {}),
    outputs,
    stepOutputs: steps,
    summary: await readFile(summaryFile, 'utf8'),
    env: parseCommandFile(await readFile(envFile, 'utf8')),
    log,
    workspace,
  };
}
