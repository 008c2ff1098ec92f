import test from 'ava';
import { MemoryRunDirectory } from '../../../src/core/runs/memory-run-directory.js';
import { checkRunDirectoryContract } from '../../helpers/run-directory-contract.js';

test('the in-memory run directory keeps the RunDirectory contract', async (t) => {
  await checkRunDirectoryContract(t, async () => new MemoryRunDirectory());
});
