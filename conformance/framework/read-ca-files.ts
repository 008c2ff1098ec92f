import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../src/index.js';

/**
 * The PEM files of a command's --ca, read relative to its working directory; an unreadable one is a usage error
 * naming the command, the file and why.
 */
export function readCaFiles(command: string, files: readonly string[], cwd: string): Promise<string[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        return await readFile(path.resolve(cwd, file), 'utf8');
      } catch (error) {
        throw new UsageError(
          `${command}: --ca ${JSON.stringify(file)} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); give a PEM certificate file`,
        );
      }
    }),
  );
}
