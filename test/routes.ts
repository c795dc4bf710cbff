import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteAccess } from '@/lib/server/http/route';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DiscoveredRoute {
  file: string;
  /** The URL with each [param] replaced by a sample value. */
  path: string;
  params: Record<string, string>;
  method: HttpMethod;
  access: RouteAccess | undefined;
  /** Its credential is a signed token in the URL: posted from other sites by design. */
  tokenInUrl: boolean;
  handler: (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
}

/** Every route handler or page file under `dir`, by its full path. */
export function* appFiles(dir: string, name: 'route.ts' | 'page.tsx'): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* appFiles(full, name);
    else if (entry.name === name) yield full;
  }
}

/** Every route handler under app/, found on disk so a new route cannot escape the matrix. */
export async function discoverRoutes(root: string, sampleParam = 'sample-id'): Promise<DiscoveredRoute[]> {
  const routes: DiscoveredRoute[] = [];
  for (const file of appFiles(path.join(root, 'app'), 'route.ts')) {
    const relative = path.relative(path.join(root, 'app'), path.dirname(file));
    const segments = relative.split(path.sep).filter((segment) => !/^\(.*\)$/.test(segment));
    const params: Record<string, string> = {};
    const urlPath = `/${segments
      .map((segment) => {
        const match = segment.match(/^\[(?:\.\.\.)?(\w+)\]$/);
        if (!match?.[1]) return segment;
        params[match[1]] = sampleParam;
        return sampleParam;
      })
      .join('/')}`;
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const handler = module[method] as
        | (DiscoveredRoute['handler'] & { access?: RouteAccess; tokenInUrl?: boolean })
        | undefined;
      if (typeof handler !== 'function') continue;
      routes.push({
        file: path.relative(root, file),
        path: urlPath,
        params,
        method,
        access: handler.access,
        tokenInUrl: handler.tokenInUrl === true,
        handler,
      });
    }
  }
  return routes;
}
