export { AudienceService, type AudienceSyncResult } from './audience-service.js';
export { audienceTraitKey } from '../../contract/audience-trait-key.js';
export { computeMembership } from './compute-membership.js';
export { audienceComputationId, personasContext, DEFAULT_SPACE_ID, type PersonasContext } from './personas-context.js';
