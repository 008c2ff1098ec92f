/** The webhook destination's name, the key of the integrations map (rule 1, 2.4); case sensitive. */
export const WEBHOOKS_DESTINATION = 'Webhooks';

/** The Webhooks (Actions) destination's name in the integrations map (its catalog name). */
export const ACTIONS_WEBHOOKS_DESTINATION = 'Webhooks (Actions)';
