import { HarnessError } from './harness-error.js';

// The HTTP server itself, before or around either API: starting, stopping, the guards every request passes, a
// path nothing answers, the inspector's files.

/** The server could not listen (port in use, no permission, unknown host); the message says what to do. */
export class ServerStartError extends HarnessError {
  static override readonly code = 'SERVER_START';
}

/** `serve` was told to stop (SIGTERM or SIGINT): a collection request after that is not taken; sent again, it is. */
export class ServerStoppingError extends HarnessError {
  static override readonly code = 'SERVER_STOPPING';
  static override readonly httpStatus = 503;
  static override readonly retryAfterSeconds = 2;

  constructor() {
    super(
      'the mock is stopping (it was sent SIGTERM or SIGINT) and takes no new events; nothing was taken: send the request again after Retry-After, to this address once it is back or to another node',
    );
  }
}

/** A request whose Host header names a host the mock does not answer for (DNS rebinding). */
export class HostNotAllowedError extends HarnessError {
  static override readonly code = 'HOST_NOT_ALLOWED';
  static override readonly httpStatus = 403;

  constructor(
    readonly host: string,
    readonly allowed: readonly string[],
  ) {
    super(
      `the Host header ${JSON.stringify(host)} is not a name of this mock; bound to loopback it answers only for ${allowed.join(', ')}; add a name with --allow-host NAME (createHarness({ allowedHosts }))`,
    );
  }
}

/** A state-changing admin request that a web page of another origin could have sent. */
export class CrossOriginRefusedError extends HarnessError {
  static override readonly code = 'CROSS_ORIGIN_REFUSED';
  static override readonly httpStatus = 403;
}

/** No route at this method and path. */
export class RouteNotFoundError extends HarnessError {
  static override readonly code = 'NOT_FOUND';
  static override readonly httpStatus = 404;

  constructor(method: string, path: string) {
    super(`no route for ${method.toUpperCase()} ${path}`);
  }
}

/** The inspector page's files are not where the package ships them (a partial install or a bad `root`). */
export class InspectorAssetsMissingError extends HarnessError {
  static override readonly code = 'INSPECTOR_ASSETS_MISSING';

  constructor(searchedFrom: string) {
    super(
      `the inspector page files (inspector-ui/index.html) were not found above ${searchedFrom}; reinstall event-harness, or pass the folder as the inspector plugin's root option`,
    );
  }
}
