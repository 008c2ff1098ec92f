import type { DeliveryPipeline } from './delivery-pipeline.js';
import type { DriverWork } from './virtual-time-driver.js';

/**
 * The pipeline as the virtual-time driver sees it, read live (getters, not a snapshot), plus the held work; with a
 * shared store, `pending` (the store's unfinished records) tells the deliveries other processes walk.
 */
export function pipelineWork(
  pipeline: DeliveryPipeline,
  releaseHeld: () => boolean,
  pending?: () => number,
): DriverWork {
  return {
    pendingElsewhere: () => (pending === undefined ? 0 : Math.max(0, pending() - pipeline.cared)),
    get isSettled() {
      return pipeline.isSettled;
    },
    get scheduled() {
      return pipeline.scheduled;
    },
    nextRetryAt: () => pipeline.nextRetryAt(),
    walking: () => pipeline.walking(),
    settled: () => pipeline.settled(),
    releaseHeld,
  };
}
