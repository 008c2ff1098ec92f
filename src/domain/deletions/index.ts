export { DeletionService, type DeletionNotice } from './deletion-service.js';
export type { EventHistory, SourceDirectory } from './source-directory.js';
