import type fc from 'fast-check';
import { aliasMessage } from './alias-message.js';
import { groupMessage } from './group-message.js';
import { identifyMessage } from './identify-message.js';
import { invalidVariant, without, withValue, type InvalidValue, type Mutation } from './invalid-variant.js';
import { pageMessage } from './page-message.js';
import { screenMessage } from './screen-message.js';
import { trackMessage } from './track-message.js';

export type CollectionMessageType = 'identify' | 'track' | 'page' | 'screen' | 'group' | 'alias';

export interface InvalidCollectionMessageConstraints {
  /** Which message to break; its schema is schemas/<type>.schema.json. */
  readonly type: CollectionMessageType;
}

const noIdentity: Mutation = {
  pointer: '/userId',
  rule: 'anyOf',
  description: 'both userId and anonymousId removed',
  apply: (v) => {
    delete v.userId;
    delete v.anonymousId;
    return v;
  },
};

const common: readonly Mutation[] = [
  withValue('timestamp', 'yesterday', 'format'),
  withValue('context', 'ctx', 'type'),
  withValue('integrations', { Webhooks: 'yes' }, 'type', '/integrations/Webhooks'),
  withValue('messageId', '', 'minLength'),
];

const BY_TYPE: Readonly<
  Record<CollectionMessageType, { valid: () => fc.Arbitrary<Record<string, unknown>>; mutations: readonly Mutation[] }>
> = {
  identify: {
    valid: identifyMessage,
    mutations: [noIdentity, withValue('userId', 42, 'type'), withValue('traits', 'vip', 'type'), ...common],
  },
  track: {
    valid: trackMessage,
    mutations: [
      noIdentity,
      without('event'),
      withValue('event', 7, 'type'),
      withValue('event', '', 'minLength'),
      withValue('properties', [], 'type'),
      ...common,
    ],
  },
  page: {
    valid: pageMessage,
    mutations: [noIdentity, withValue('name', 5, 'type'), withValue('properties', 'home', 'type'), ...common],
  },
  screen: { valid: screenMessage, mutations: [noIdentity, withValue('name', false, 'type'), ...common] },
  group: {
    valid: groupMessage,
    mutations: [
      noIdentity,
      without('groupId'),
      withValue('groupId', '', 'minLength'),
      withValue('traits', 1, 'type'),
      ...common,
    ],
  },
  alias: {
    valid: aliasMessage,
    mutations: [without('previousId'), without('userId'), withValue('previousId', null, 'type'), ...common],
  },
};

/** Collection API messages that break exactly one rule of their schema (rule 2.3), with the expected violation. */
export function invalidCollectionMessage(constraints: InvalidCollectionMessageConstraints): fc.Arbitrary<InvalidValue> {
  const entry = BY_TYPE[constraints.type];
  return invalidVariant(entry.valid(), entry.mutations);
}
