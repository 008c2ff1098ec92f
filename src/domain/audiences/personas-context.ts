import { createHash } from 'node:crypto';

/** The Engage space the mock's audiences belong to, unless one is given. */
export const DEFAULT_SPACE_ID = 'spa_eventharness';

export interface PersonasContext {
  readonly computation_class: 'audience';
  readonly computation_id: string;
  readonly computation_key: string;
  readonly namespace: string;
  readonly space_id: string;
}

/**
 * A stable id for an audience, shaped like the real service's (`aud_` and 27 letters and digits): derived from
 * the name, so the same audience keeps its id across syncs, runs and restarts.
 */
export function audienceComputationId(name: string): string {
  const digest = createHash('sha256')
    .update(name, 'utf8')
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  return `aud_${digest.slice(0, 27)}`;
}

/**
 * `context.personas` of an audience's Identify call as the real service sends it (its Engage docs, "Audience
 * generated events"): the computation's class, id and key, and the space as namespace and space_id.
 */
export function personasContext(name: string, traitKey: string, spaceId = DEFAULT_SPACE_ID): PersonasContext {
  return {
    computation_class: 'audience',
    computation_id: audienceComputationId(name),
    computation_key: traitKey,
    namespace: spaceId,
    space_id: spaceId,
  };
}
