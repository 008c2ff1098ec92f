/**
 * How deep JSON may nest: 100 levels of objects and arrays, counting the body itself as level 1. Ruby's
 * JSON parser refuses more by default (max_nesting 100) and many receivers recurse per level, so a deeper
 * body would be accepted here and then break the receiver it is delivered to (or a recursive reader here).
 */
export const MAX_JSON_DEPTH = 100;

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Where the string opened by the quote at `open` ends: the next quote that an odd run of backslashes does not escape,
 * or -1 when the text ends first. indexOf is native, and strings are most of a body.
 */
function stringEnd(text: string, open: number): number {
  let end = open;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end === -1) return -1;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/**
 * The deepest nesting in a JSON text, in one pass without recursion (brackets inside strings do not count).
 * Stops counting at `stopAt` (returned as soon as it is reached): the caller only needs to know it is over.
 */
export function jsonTextDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i === -1) return deepest;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > deepest) deepest = depth;
      if (deepest >= stopAt) return deepest;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return deepest;
}

/** Pushes the object and array children of `node` onto the walk's stack, one level below it. */
function pushChildren(node: object, depth: number, nodes: object[], depths: number[]): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (child !== null && typeof child === 'object') {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
    return;
  }
  for (const key in node) {
    const child: unknown = (node as Record<string, unknown>)[key];
    if (child !== null && typeof child === 'object') {
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
}

/**
 * The deepest nesting of a parsed value, walked with an explicit stack (no recursion); stops at `stopAt`. Keys are
 * read with for-in and the stack is two flat arrays: no array per object or per child, so walking a batch just
 * parsed costs a fraction of scanning its text.
 */
export function jsonValueDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  for (let node = nodes.pop(); node !== undefined; node = nodes.pop()) {
    const depth = depths.pop() as number;
    if (depth > deepest) deepest = depth;
    if (deepest >= stopAt) return deepest;
    pushChildren(node, depth, nodes, depths);
  }
  return deepest;
}
