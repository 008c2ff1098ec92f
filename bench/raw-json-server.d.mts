import type { Server } from 'node:http';

/** A node:http server that answers every request 200 {"success":true} once its body parses as JSON. */
export function createRawJsonServer(): Server;
