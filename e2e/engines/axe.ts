/**
 * axe-core in any engine: its source is run in the page through the engine's driver (outside the
 * page's Content Security Policy), then asked for the page's violations. In Chromium the suite runs
 * axe through @axe-core/playwright; here the same axe-core runs where Playwright cannot drive the
 * browser (Firefox ESR, WebKitGTK), so each engine's own accessibility tree is what is checked.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { EnginePage } from './engine';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * The accessibility violations axe finds in the page shown, as "rule: help (elements)" lines.
 * Frames are not entered: each page a frame shows is checked when it is opened on its own.
 */
export async function axeViolations(engine: EnginePage): Promise<string[]> {
  return engine.runScript<string[]>(`
    ${axeSource}
    // Elements that pass are named for one of each rule only, as none is read here.
    const results = await window.axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map(
      (violation) =>
        violation.id + ': ' + violation.help + ' (' +
        violation.nodes.map((node) => node.target.join(' ')).join(', ') + ')',
    );
  `);
}
