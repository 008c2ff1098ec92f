import test from 'ava';
import { assertFlagged, BROKEN_CLIENTS } from './helpers/broken-clients.js';

// Clients 1-11 of the table (two files of about equal time, so ava's two workers run them side by side). Serial
// within a file: the timing clauses must not see the other runs' load as a slow client.
for (const broken of BROKEN_CLIENTS.slice(0, 11)) {
  test.serial(`a client that ${broken.what} (${broken.bug}) is flagged by ${broken.fails.join(', ')}`, (t) =>
    assertFlagged(t, broken),
  );
}
