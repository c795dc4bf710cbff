/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native / file-system heavy server packages stay out of the bundler: PGlite loads its wasm from
  // its own folder, pino spawns worker threads, pdfkit and exceljs read font/zip assets at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'exceljs'],
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() renders app/forbidden.tsx with a 403 when a role may not see a page.
  experimental: { authInterrupts: true },
};

export default nextConfig;
