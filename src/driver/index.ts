// The client driver protocol (the driver protocol, docs/client-suite.md) and the clients shipped behind it.
export { runDriver, type RunDriverOptions } from './run-driver.js';
export type { DriverClient, DriverConfig, DriverEnvironment, DriverSettled, DriverTarget } from './driver-client.js';
export { referenceTarget } from './reference-target.js';
export { segmentNodeTarget, loadSegment } from './segment-node-target.js';
