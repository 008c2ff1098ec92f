export { FaultPlan, parseFaultRule, type Fault, type FaultRule } from './fault-plan.js';
export { seededRandom } from '../../clock/seeded-random.js';
