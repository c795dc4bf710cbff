import { isValidElement, type ReactNode } from 'react';

/** What a page answered: its text and the data handed to its client components, or a refusal. */
export type PageAnswer = { status: 200; text: string } | { status: 307 | 403 | 404; text: '' };

const NEXT_STATUS: [RegExp, 307 | 403 | 404][] = [
  [/^NEXT_REDIRECT/, 307],
  [/^NEXT_HTTP_ERROR_FALLBACK;404/, 404],
  [/^NEXT_HTTP_ERROR_FALLBACK;403/, 403],
];

function nextStatusOf(error: unknown): 307 | 403 | 404 | null {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest !== 'string') return null;
  return NEXT_STATUS.find(([pattern]) => pattern.test(digest))?.[1] ?? null;
}

/** Every value a prop carries, as text, functions and elements left out. */
function textOf(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(value, (key, inner: unknown) => {
      if (key === 'children' || typeof inner === 'function' || typeof inner === 'symbol') return undefined;
      if (typeof inner === 'bigint') return String(inner);
      if (inner && typeof inner === 'object') {
        if (seen.has(inner)) return undefined;
        seen.add(inner);
        if (inner instanceof Map) return [...inner.entries()];
        if (inner instanceof Set) return [...inner];
      }
      return inner;
    }) ?? ''
  );
}

const isAsync = (fn: unknown) =>
  (fn as { constructor?: { name?: string } }).constructor?.name === 'AsyncFunction';

/**
 * Renders a server component tree far enough to see what a browser would get: async (server)
 * components are run, and the props of every component, client components included, are read as
 * the payload Next would send them. Client components are not rendered (they hold no data the
 * server did not hand them); what they were handed is.
 */
async function walk(node: unknown, out: string[]): Promise<void> {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (typeof node === 'string' || typeof node === 'number') {
    out.push(String(node));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) await walk(child, out);
    return;
  }
  if (typeof (node as Promise<unknown>).then === 'function') {
    await walk(await (node as Promise<unknown>), out);
    return;
  }
  if (!isValidElement(node)) {
    if (typeof node === 'object' && Symbol.iterator in node) {
      for (const child of node as Iterable<unknown>) await walk(child, out);
    }
    return;
  }
  const { type } = node;
  const props = node.props as Record<string, unknown>;
  out.push(textOf(props));
  // Elements passed in other props (a header's actions) are rendered as children are.
  for (const [key, value] of Object.entries(props))
    if (key !== 'children' && (isValidElement(value) || Array.isArray(value))) await walk(value, out);
  if (typeof type === 'function') {
    if (isAsync(type)) {
      await walk(await (type as (p: unknown) => Promise<ReactNode>)(props), out);
      return;
    }
    let rendered: unknown;
    try {
      rendered = (type as (p: unknown) => ReactNode)(props);
    } catch (error) {
      // A client component's hooks have no renderer here: what it was handed is read above.
      if (nextStatusOf(error) !== null) throw error;
      rendered = undefined;
    }
    if (rendered !== undefined) await walk(rendered, out);
    else await walk(props.children, out);
    return;
  }
  if (typeof type === 'object' && type !== null && 'render' in type) {
    await walk(props.children, out);
    return;
  }
  await walk(props.children, out);
}

/** Runs a page (and what it renders) as Next would for one request. */
export async function renderPage(render: () => unknown): Promise<PageAnswer> {
  const out: string[] = [];
  try {
    await walk(await render(), out);
  } catch (error) {
    const status = nextStatusOf(error);
    if (status === null) throw error;
    return { status, text: '' };
  }
  return { status: 200, text: out.join('\n') };
}
