import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImportFileError } from '../errors/config-errors.js';
import type { Harness } from '../harness/create-harness.js';
import { importRun, type ImportSummary } from '../core/run-import.js';

/**
 * `serve --import FILE`: restores a saved export into the harness before it takes requests (importRun: the clock on a
 * fake clock, the journal and its duplicate detection, deliveries with their retry schedule, audiences).
 */
export async function importRunFile(harness: Harness, file: string, cwd: string): Promise<ImportSummary> {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new ImportFileError(`serve: cannot read the --import file ${absolute}: ${(error as Error).message}`);
  }
  return importRun(harness.core, text, absolute);
}
