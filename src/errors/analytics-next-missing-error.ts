import { HarnessError } from './harness-error.js';

/** The snippet's analytics.js is served from @segment/analytics-next (an optional peer dependency), not installed. */
export class AnalyticsNextMissingError extends HarnessError {
  readonly code = 'ANALYTICS_NEXT_NOT_INSTALLED';
  readonly httpStatus = 404;

  constructor(path: string) {
    super(
      `GET ${path}: the snippet's analytics.js is served from the npm package @segment/analytics-next, which is not installed where event-harness runs; install it beside event-harness with: npm install --save-dev @segment/analytics-next`,
    );
  }
}
