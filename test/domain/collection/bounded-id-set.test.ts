import test from 'ava';
import fc from 'fast-check';
import { BoundedIdSet } from '../../../src/domain/collection/bounded-id-set.js';

/** The model: the newest `capacity` distinct ids, oldest first. */
function newestDistinct(capacity: number, ids: readonly string[]): string[] {
  const model: string[] = [];
  for (const id of ids) {
    if (!model.includes(id)) model.push(id);
    if (model.length > capacity) model.shift();
  }
  return model;
}

test('property: the set holds exactly the newest `capacity` distinct ids', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'), { maxLength: 60 }),
        (capacity, ids) => {
          const set = new BoundedIdSet(capacity);
          for (const id of ids) set.add(id);
          const model = newestDistinct(capacity, ids);
          if (set.size !== model.length) throw new Error(`size ${set.size}, expected ${model.length}`);
          const disagreeing = [...'abcdefghijk'].find((id) => set.has(id) !== model.includes(id));
          if (disagreeing !== undefined)
            throw new Error(`has(${disagreeing}) disagrees with the model ${model.join()}`);
        },
      ),
      { numRuns: 300 },
    ),
  );
});

test('clear forgets everything and the set fills again', (t) => {
  const set = new BoundedIdSet(2);
  set.add('x');
  set.add('y');
  set.add('z');
  t.false(set.has('x'));
  set.clear();
  t.is(set.size, 0);
  set.add('x');
  t.true(set.has('x'));
  t.false(set.has('z'));
});
