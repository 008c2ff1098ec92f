import { analyticsNodeTarget, loadAnalyticsNode } from './analytics-node-target.js';
import { customerIoNodeTarget, loadCustomerIo } from './customerio-node-target.js';
import type { DriverTarget } from './driver-client.js';
import { referenceTarget } from './reference-target.js';
import { loadRudderstack, rudderstackNodeTarget } from './rudderstack-node-target.js';
import { loadSegment, segmentNodeTarget } from './segment-node-target.js';

/** A client `event-harness driver --client NAME` can run. */
export interface ShippedClient {
  readonly target: DriverTarget;
  /** What it is, for --help. */
  readonly description: string;
  /** Loads its optional package up front, so a missing one is a usage error before the ready line. */
  readonly load?: () => Promise<unknown>;
}

/** Every client behind `event-harness driver --client NAME`, by NAME. */
export const SHIPPED_CLIENTS: Readonly<Record<string, ShippedClient>> = {
  reference: { target: referenceTarget, description: 'event-harness/client (default)' },
  'segment-node': {
    target: segmentNodeTarget,
    description: '@segment/analytics-node (must be installed)',
    load: () => loadSegment(),
  },
  'analytics-node': {
    target: analyticsNodeTarget,
    description: 'analytics-node 6, the previous Segment Node SDK (must be installed)',
    load: () => loadAnalyticsNode(),
  },
  'rudderstack-node': {
    target: rudderstackNodeTarget,
    description: '@rudderstack/rudder-sdk-node (must be installed)',
    load: () => loadRudderstack(),
  },
  'customerio-node': {
    target: customerIoNodeTarget,
    description: '@customerio/cdp-analytics-node (must be installed)',
    load: () => loadCustomerIo(),
  },
};
