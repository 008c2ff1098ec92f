import { WEBHOOKS_DESTINATION } from './destination-name.js';

/**
 * rule 2.4: keys are case-sensitive destination names; `All: false` disables every destination not named
 * true; default all enabled. A non-boolean value (destination options object) counts as enabled.
 */
export function isDestinationEnabled(integrations: unknown, destination: string = WEBHOOKS_DESTINATION): boolean {
  if (integrations === null || typeof integrations !== 'object' || Array.isArray(integrations)) return true;
  const map = integrations as Record<string, unknown>;
  if (Object.hasOwn(map, destination)) return map[destination] !== false;
  return map.All !== false;
}
