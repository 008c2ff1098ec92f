// event-harness/msw: the collection API as msw 2 handlers over the same core as the server.
export {
  createCollectionHandlers,
  type CollectionHandlers,
  type CollectionHandlersOptions,
} from './collection-handlers.js';
