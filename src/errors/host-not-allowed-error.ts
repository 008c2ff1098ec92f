import { HarnessError } from './harness-error.js';

/** A request whose Host header names a host the mock does not answer for (DNS rebinding). */
export class HostNotAllowedError extends HarnessError {
  readonly code = 'HOST_NOT_ALLOWED';
  readonly httpStatus = 403;

  constructor(
    readonly host: string,
    readonly allowed: readonly string[],
  ) {
    super(
      `the Host header ${JSON.stringify(host)} is not a name of this mock; bound to loopback it answers only for ${allowed.join(', ')}; add a name with --allow-host NAME (createHarness({ allowedHosts }))`,
    );
  }
}
