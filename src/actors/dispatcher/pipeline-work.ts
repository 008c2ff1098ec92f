import type { DeliveryPipeline } from './delivery-pipeline.js';
import type { DriverWork } from './virtual-time-driver.js';

/** The pipeline as the virtual-time driver sees it, read live (getters, not a snapshot), plus the held work. */
export function pipelineWork(pipeline: DeliveryPipeline, releaseHeld: () => boolean): DriverWork {
  return {
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
