// The client driver protocol (the driver protocol, docs/client-suite.md) and the clients shipped behind it.
export { runDriver, type RunDriverOptions } from './run-driver.js';
export type { DriverClient, DriverConfig, DriverEnvironment, DriverSettled, DriverTarget } from './driver-client.js';
export { referenceTarget } from './reference-target.js';
export { segmentNodeTarget, loadSegment } from './segment-node-target.js';
export { analyticsNodeTarget, loadAnalyticsNode } from './analytics-node-target.js';
export { rudderstackNodeTarget, loadRudderstack } from './rudderstack-node-target.js';
export { customerIoNodeTarget, loadCustomerIo } from './customerio-node-target.js';
export { SHIPPED_CLIENTS, type ShippedClient } from './shipped-clients.js';
