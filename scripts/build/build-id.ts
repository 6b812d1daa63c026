/**
 * Build step, after prune-export: out/build.txt, one line naming the build, so that whoever reads a
 * server can tell which build it serves. The build id is the commit built, which next.config.ts
 * gives Next.js (it keeps it in .next/BUILD_ID). The smoke tests read it before anything else
 * (docs/testing.md), and the deploy reads it to prove that Cloudflare's new version is the one
 * that answered (docs/deploying.md). No page names it, so a visitor downloads not a byte of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const buildId = readFileSync('.next/BUILD_ID', 'utf8').trim();
writeFileSync('out/build.txt', `${buildId}\n`);
console.log(`build-id: out/build.txt names the build ${buildId}`);
