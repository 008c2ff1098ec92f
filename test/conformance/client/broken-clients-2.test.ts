import test from 'ava';
import { assertFlagged, BROKEN_CLIENTS } from './helpers/broken-clients.js';

// Clients 8-14 of the table (three files, so ava runs them side by side). Serial within a file:
// the timing clauses must not see the other runs' load as a slow client.
for (const broken of BROKEN_CLIENTS.slice(7, 14)) {
  test.serial(`a client that ${broken.what} (${broken.bug}) is flagged by ${broken.fails.join(', ')}`, (t) => assertFlagged(t, broken));
}
