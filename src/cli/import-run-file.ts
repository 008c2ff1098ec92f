import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isFakeClock } from '../clock/clock.js';
import { ImportFileError } from '../errors/import-file-error.js';
import type { Harness } from '../harness/create-harness.js';
import { importRun, type ImportSummary } from '../core/run-import.js';

/**
 * `serve --import FILE`: loads a saved export into the harness before it takes requests. On the fake clock,
 * time moves on to the export's time so the imported times and new ones read in order.
 */
export async function importRunFile(harness: Harness, file: string, cwd: string): Promise<ImportSummary> {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new ImportFileError(`serve: cannot read the --import file ${absolute}: ${(error as Error).message}`);
  }
  const summary = importRun(harness.core, text, absolute);
  if (isFakeClock(harness.clock) && summary.clockNow > harness.clock.now())
    await harness.clock.advanceTo(summary.clockNow);
  return summary;
}
