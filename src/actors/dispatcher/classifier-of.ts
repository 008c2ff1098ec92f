import {
  classifyActionsOutcome,
  classifyOutcome,
  type AttemptOutcome,
  type Verdict,
} from '../../domain/delivery/classify-outcome.js';
import type { DestinationKind } from '../../domain/delivery/delivery-record.js';

/**
 * The retry classes of a destination kind, for a delivery taken up again (redelivered): a stored record
 * keeps its kind, not the function its first walk was given.
 */
export function classifierOf(destination: DestinationKind): (outcome: AttemptOutcome) => Verdict {
  return destination === 'Webhooks (Actions)' ? classifyActionsOutcome : classifyOutcome;
}
