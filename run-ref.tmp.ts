import { runClientSuite } from '/work/wt13/conformance/index.js';
import { referenceDriver, brokenDriver } from '/work/wt13/test/conformance/client/helpers/broken-clients.js';
const which = process.argv[2] ?? 'ref';
const target = which === 'ref' ? referenceDriver : brokenDriver(which, process.env.CAPS !== undefined ? { BROKEN_CLIENT_CAPABILITIES: process.env.CAPS } : {});
const t0 = Date.now();
const report = await runClientSuite({ target, seed: Number(process.env.SEED ?? 5), runs: Number(process.env.RUNS ?? 3), onClause: (r, p) => console.log(r.id, r.status, p.durationMs, (r.message ?? '').slice(0, 400)), ...(process.env.ONLY ? { only: process.env.ONLY.split(',') } : {}) });
console.log('passed', report.passed, 'notRun', report.notRun, Date.now() - t0, 'ms');
