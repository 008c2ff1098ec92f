export { signPayload } from './sign-payload.js';
export { serializePayload } from './serialize-payload.js';
export { verifySignature } from './verify-signature.js';
