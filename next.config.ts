import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Every route is pre-rendered to plain HTML in out/, served as static files from a CDN.
  output: 'export',
  // The export has no image server: files are served as they are.
  images: { unoptimized: true },
  reactStrictMode: true,
};

export default nextConfig;
