export { AudienceService, type AudienceSyncResult } from './audience-service.js';
export { audienceTraitKey } from './trait-key.js';
export { computeMembership } from './compute-membership.js';
