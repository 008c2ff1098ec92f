export { ACTIONS_WEBHOOKS_DESTINATION, WEBHOOKS_DESTINATION } from './destination-name.js';
export { isDestinationEnabled } from './is-destination-enabled.js';
