import fc from 'fast-check';
import { aliasMessage } from './alias-message.js';
import type { PayloadConstraints } from './constraints.js';
import { groupMessage } from './group-message.js';
import { identifyMessage } from './identify-message.js';
import { pageMessage } from './page-message.js';
import { screenMessage } from './screen-message.js';
import { trackMessage } from './track-message.js';

export type CollectionMessageConstraints = PayloadConstraints;

/** Any one call to the collection API: identify, track, page, screen, group or alias. */
export function collectionMessage(
  constraints: CollectionMessageConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    identifyMessage(constraints),
    trackMessage(constraints),
    pageMessage(constraints),
    screenMessage(constraints),
    groupMessage(constraints),
    aliasMessage(constraints),
  );
}
