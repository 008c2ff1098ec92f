export {
  CollectionService,
  SUCCESS_RESPONSE,
  errorResponse,
  type AcceptedEvent,
  type AcceptedListener,
  type CollectionRequest,
  type CollectionResponse,
  type CollectionServiceOptions,
  type HeaderMap,
} from './collection-service.js';
export { MAX_BATCH_EVENTS, MAX_EVENT_BYTES, MAX_REQUEST_BYTES } from '../../contract/spec-limits.js';
export { COLLECTION_ROUTES, routeKind, type MessageType, type RouteKind } from './collection-routes.js';
