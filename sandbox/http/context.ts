import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** Hono's environment for the sandbox: the Node bindings (absent when a test calls app.fetch). */
export interface SandboxEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { requestId: string };
}

export type SandboxContext = Context<SandboxEnv>;

/** The request path, without the query: a problem's `instance` (spec: Errors). */
export function instanceOf(c: SandboxContext): string {
  return new URL(c.req.url).pathname;
}

/** Responses whose connection was dropped on purpose, for callers that have no socket (app.fetch). */
export const DROPPED_RESPONSES = new WeakSet<Response>();
