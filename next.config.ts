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
  // While `npm run dev` runs, the content check speaks first on every save of a content file
  // (docs/editor-feedback.md); `next build` runs it as its own first step instead.
  turbopack: {
    rules: {
      '*.ts': {
        // The path is from the workspace root, which is a folder above the project's when the
        // project sits inside another (as the dev-preview tests' scratch copy does).
        condition: {
          all: [
            'development',
            { not: 'foreign' },
            { path: /(^|\/)content\/(?!schema\.ts$)[\w-]+\.ts$/ },
          ],
        },
        loaders: ['./scripts/build/content-loader.ts'],
      },
    },
  },
};

export default nextConfig;
