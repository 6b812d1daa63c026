import { existsSync } from 'node:fs';

/** The suite tests the built export; say how to make one instead of failing on every page. */
export default function requireBuild(): void {
  if (!existsSync('out/index.html')) {
    throw new Error(
      'out/ has no build. Run `npm run build` first, or `npm test` to build and test.',
    );
  }
}
