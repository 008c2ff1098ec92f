/** context.library of every message; a test keeps the version equal to package.json. */
export const LIBRARY_NAME = 'event-harness';
export const LIBRARY_VERSION = '0.1.0';
export const LIBRARY: { readonly name: string; readonly version: string } = {
  name: LIBRARY_NAME,
  version: LIBRARY_VERSION,
};
