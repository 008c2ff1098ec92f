import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../errors/config-errors.js';

/**
 * Loads an SDK the driver runs but the package does not depend on: first as event-harness resolves it, then
 * from the current directory (the user's project, when event-harness runs through npx from elsewhere).
 * A package found nowhere is a usage error that says how to install it.
 */
export async function loadOptionalPackage<T>(specifier: string, client: string): Promise<T> {
  let first: unknown;
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    first = error;
  }
  try {
    const resolved = createRequire(path.join(process.cwd(), 'package.json')).resolve(specifier);
    return (await import(pathToFileURL(resolved).href)) as T;
  } catch {
    throw new UsageError(
      `driver --client ${client} needs the package ${specifier}, which could not be loaded (${(first as Error).message}); install it with: npm install ${specifier}`,
    );
  }
}
