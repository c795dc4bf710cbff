/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native / file-system heavy server packages stay out of the bundler: PGlite loads its wasm from
  // its own folder, pino spawns worker threads, pdfkit and exceljs read font/zip assets at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'exceljs', 'pdfkit'],
  poweredByHeader: false,
  typedRoutes: false,
  // The type check is `npm run typecheck`, the first step of `npm test` (and of CI); the build does
  // not repeat it. That saves about half a minute per build, and lets a journey be run while another
  // part of the tree is being edited.
  typescript: { ignoreBuildErrors: true },
  // forbidden() renders app/forbidden.tsx with a 403 when a role may not see a page.
  experimental: { authInterrupts: true },
};

export default nextConfig;
