import test from 'ava';
import { UserSourceIndex } from '../../../src/domain/journal/user-source-index.js';

test('counts held entries per user and source, and forgets a user with the last of them', (t) => {
  const index = new UserSourceIndex();
  index.add('u1', 'wk-a');
  index.add('u1', 'wk-a');
  index.add('u1', 'wk-b');
  index.add('u2', 'wk-b');
  t.deepEqual(index.writeKeys('u1'), ['wk-a', 'wk-b']);
  t.is(index.size, 2);
  index.remove('u1', 'wk-a');
  t.deepEqual(index.writeKeys('u1'), ['wk-a', 'wk-b'], 'one entry of wk-a is still held');
  index.remove('u1', 'wk-b');
  t.deepEqual(index.writeKeys('u1'), ['wk-a']);
  index.remove('u1', 'wk-a');
  t.deepEqual(index.writeKeys('u1'), []);
  t.is(index.size, 1, 'u1 is forgotten with its last entry');
  index.remove('u1', 'wk-a');
  index.remove('u2', 'wk-other');
  t.deepEqual(index.writeKeys('u2'), ['wk-b'], 'removing what is not counted changes nothing');
});

test('sources are listed in the order a map of them would keep, when the first source goes and comes back', (t) => {
  const index = new UserSourceIndex();
  index.add('u', 'wk-a');
  index.add('u', 'wk-b');
  index.add('u', 'wk-c');
  index.remove('u', 'wk-a');
  t.deepEqual(index.writeKeys('u'), ['wk-b', 'wk-c']);
  index.add('u', 'wk-a');
  t.deepEqual(index.writeKeys('u'), ['wk-b', 'wk-c', 'wk-a']);
  index.remove('u', 'wk-b');
  index.remove('u', 'wk-c');
  t.deepEqual(index.writeKeys('u'), ['wk-a']);
  index.remove('u', 'wk-a');
  t.is(index.size, 0);
});

test('hands back one shared copy of each indexed id', (t) => {
  const index = new UserSourceIndex();
  const first = index.add('user-1', 'wk');
  t.is(index.add(`user-${1}`, 'wk'), first);
  t.is(index.sharedId('user-1'), first);
  t.is(index.sharedId('nobody'), undefined);
  index.clear();
  t.is(index.size, 0);
});
