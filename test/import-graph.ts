import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's import graph, read from the source files: every `import … from`, `export … from`,
 * `import()` and `vi.mock()` specifier, resolved the way the TypeScript config does (`@/` is the
 * repository root, relative paths, implied extensions and index files). Packages stay unresolved.
 */

export interface ImportEdge {
  /** The importing file, relative to the root, with forward slashes. */
  from: string;
  /** The imported file relative to the root, or the package specifier for a package. */
  to: string;
  specifier: string;
  isPackage: boolean;
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', '.next', '.git', '.data', 'test-results', 'playwright-report']);
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

// `import type`, `import`, `export … from`, dynamic import and vi.mock all name a module in quotes.
const SPECIFIERS =
  /(?:^|[\s;])(import\s+type\s[^'"]*?from\s*|import\s[^'"]*?from\s*|import\s*|export\s[^'"]*?from\s*|import\s*\(\s*|vi\.mock\s*\(\s*)(['"])([^'"\n]+)\2/g;

function sourceFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(root, full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveLocal(root: string, fromFile: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : path.resolve(path.dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const toPosix = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIERS)) {
      const keyword = match[1] ?? '';
      const specifier = match[3] ?? '';
      const typeOnly = /^import\s+type\s/.test(keyword);
      const local = specifier.startsWith('.') || specifier.startsWith('@/');
      if (!local) {
        edges.push({ from: toPosix(root, file), to: specifier, specifier, isPackage: true, typeOnly });
        continue;
      }
      const target = resolveLocal(root, file, specifier);
      edges.push({
        from: toPosix(root, file),
        // An unresolvable local import is kept under its own name, so a rule still sees it.
        to: target ? toPosix(root, target) : `<unresolved>${specifier}`,
        specifier,
        isPackage: false,
        typeOnly,
      });
    }
  }
  return edges;
}
