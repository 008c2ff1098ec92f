export type MessageType = 'identify' | 'track' | 'page' | 'screen' | 'group' | 'alias';
export type RouteKind = MessageType | 'batch';

/** docs/decisions.md: the route sets the type; the short browser routes are aliases of the long ones. */
export const COLLECTION_ROUTES: Readonly<Record<string, RouteKind>> = {
  identify: 'identify',
  track: 'track',
  page: 'page',
  screen: 'screen',
  group: 'group',
  alias: 'alias',
  batch: 'batch',
  import: 'batch',
  i: 'identify',
  t: 'track',
  p: 'page',
  s: 'screen',
  g: 'group',
  a: 'alias',
  b: 'batch',
};

export function routeKind(route: string): RouteKind | undefined {
  return Object.hasOwn(COLLECTION_ROUTES, route) ? COLLECTION_ROUTES[route] : undefined;
}
