import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Every route is pre-rendered to plain HTML in out/, served as static files from a CDN.
  output: 'export',
  // The site's code only: `npm run typecheck` checks tests and tools, some with their own packages.
  typescript: { tsconfigPath: 'tsconfig.site.json' },
  // Next.js blocks hot reload from origins not listed, and `npm run dev` also answers on 127.0.0.1.
  allowedDevOrigins: ['127.0.0.1'],
  // The CSS is a few kilobytes: inlined, the first response carries everything needed to render.
  experimental: { inlineCss: true },
};

export default nextConfig;
