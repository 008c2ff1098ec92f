import { AdminHttpClient } from '../harness/remote/admin-http-client.js';
import { RemoteJournal } from '../harness/remote/remote-journal.js';

/** Real milliseconds one admin request may take (run-until-idle and clock moves get their own, larger bound). */
const ADMIN_TIMEOUT_MS = 30_000;

/**
 * The mock the tools act on, through its admin HTTP API only: the same answers (redactions included) as any
 * other client of the API gets, whether the mock is a running `serve` or the one `event-harness mcp` started.
 */
export class MockConnection {
  /** Base URL of the mock, e.g. http://127.0.0.1:4010 (collection API at the root, admin API under /__harness). */
  readonly server: string;
  /** The run tools act on when they name none (--run); undefined: the default run. */
  readonly defaultRun: string | undefined;
  /** The server-wide admin API: runs are created, listed and deleted here. */
  readonly root: AdminHttpClient;

  constructor(server: string, defaultRun?: string) {
    this.server = server.replace(/\/+$/, '');
    this.defaultRun = defaultRun;
    this.root = new AdminHttpClient(`${this.server}/__harness`, ADMIN_TIMEOUT_MS);
  }

  /** The run a tool acts on: the one it names, else --run, else the default run (undefined). */
  runOf(run: string | undefined): string | undefined {
    const id = run ?? this.defaultRun;
    return id === undefined || id === 'default' ? undefined : id;
  }

  /** The admin API of one run: /__harness for the default run, /__harness/runs/{id} for another. */
  admin(run: string | undefined, timeoutMs = ADMIN_TIMEOUT_MS): AdminHttpClient {
    const id = this.runOf(run);
    return new AdminHttpClient(
      id === undefined ? `${this.server}/__harness` : `${this.server}/__harness/runs/${encodeURIComponent(id)}`,
      timeoutMs,
    );
  }

  journal(run: string | undefined): RemoteJournal {
    return new RemoteJournal(this.admin(run));
  }
}
