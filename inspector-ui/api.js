// Calls to the admin API under /__harness, and the refresh scheduling of each view's loader.
import { toast } from './dom.js';
import { API } from './state.js';

export async function api(path, init) {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: init?.body === undefined ? init?.headers : { 'content-type': 'application/json', ...init?.headers },
  });
  const text = await response.text();
  let body = {};
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    body = { message: text };
  }
  if (!response.ok) throw new Error(body.message ?? `${response.status} from ${path}`);
  return body;
}

// ---- refresh scheduling: at most one fetch per view in flight, one more queued ------------------------

/** Each view's loader by tab name, so the tabs, pagers and stream can refresh a view without importing it. */
export const loaders = {};

export function refresher(name, load) {
  let running = null;
  let again = false;
  loaders[name] = async () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load();
        } catch (error) {
          toast(error.message);
        }
      } while (again);
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  };
  return loaders[name];
}
