import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * JS a first visit of each route downloads, from the build's route bundle statistics (Next 16
 * prints no "First Load JS"; stack-notes). The file lists uncompressed bytes and the chunks; each
 * chunk is gzipped here at zlib's default level, what `next start` compresses with.
 */
export interface RouteBundle {
  route: string;
  uncompressedBytes: number;
  gzipBytes: number;
}

interface RouteBundleStat {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

export function routeBundles(root: string): RouteBundle[] {
  const file = path.join(root, '.next/diagnostics/route-bundle-stats.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the dashboard first`);
  const stats = JSON.parse(readFileSync(file, 'utf8')) as RouteBundleStat[];
  const gzipped = new Map<string, number>();
  const gzipOf = (chunk: string) => {
    let bytes = gzipped.get(chunk);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(root, chunk))).length;
      gzipped.set(chunk, bytes);
    }
    return bytes;
  };
  return stats
    .map((stat) => ({
      route: stat.route,
      uncompressedBytes: stat.firstLoadUncompressedJsBytes,
      gzipBytes: stat.firstLoadChunkPaths.reduce((sum, chunk) => sum + gzipOf(chunk), 0),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
