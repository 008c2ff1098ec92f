// Runs (tenants) on one server: the registry, its record directory and the collection API's routing (docs/runs.md).
export {
  RunRegistry,
  DEFAULT_MAX_RUNS,
  DEFAULT_RUN_IDLE_MS,
  type Run,
  type CreateRunInput,
  type RunCoreFactory,
  type RunCoreOptions,
  type RunRegistryOptions,
} from './run-registry.js';
export {
  DEFAULT_RUN_ID,
  type RunDirectory,
  type RunDirectoryAddResult,
  type RunRecord,
} from './run-directory.js';
export { MemoryRunDirectory } from './memory-run-directory.js';
export { RUN_HEADER } from './collection-run.js';
