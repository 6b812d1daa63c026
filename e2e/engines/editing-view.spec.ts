import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brief } from '../support/brief';
import { startEditingView } from '../support/editing-view';
import { sidewaysOverflow } from '../support/pages';
import { find, type EnginePage } from './engine';
import { expect, test } from './fixtures';

/**
 * The editing view of `npm run edit` in each engine an editor may use (issue #32, item 8): its form
 * and the page beside it show, a value given to a field is saved into its file, and nothing
 * scrolls sideways at 320 px. The view runs over a scratch copy of the project, one per engine.
 */

/** A port for each engine's view, past the editor project's, within the range E2E_PORT moves. */
const basePort = Number(process.env.E2E_PORT ?? 4173) + 10;

let view: Awaited<ReturnType<typeof startEditingView>>;

/** The field of the homepage's title, once the view has drawn its form from the server's answer. */
async function titleField(engine: EnginePage) {
  const query = { role: 'textbox', name: 'Home page, title' };
  await expect.poll(async () => (await engine.findAll(query)).length, { timeout: 15_000 }).toBe(1);
  return find(engine, query);
}
test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(90_000);
  view = await startEditingView(basePort + workerInfo.parallelIndex);
});
test.afterAll(async () => view?.stop());

test('the editing view shows its form and the page beside it, and saves a field', async ({
  engine,
}) => {
  await engine.setViewport(1280, 900);
  await engine.goto(view.address);
  const title = await titleField(engine);
  await expect.poll(() => title.isVisible()).toBe(true);
  // The page beside the form opens on the homepage, drawn by the editor's server.
  await expect
    .poll(() =>
      engine.evaluate(
        () =>
          (document.getElementById('preview-frame') as HTMLIFrameElement).contentDocument
            ?.querySelector('h1')
            ?.textContent?.trim() ?? '',
      ),
    )
    .toBe(brief.homeTitle);
  // The engine's own change event saves the value, as leaving the field does.
  await title.evaluate((input) => {
    (input as HTMLInputElement).value = 'Sorry, that page is not here';
    input.dispatchEvent(new Event('change'));
  });
  const homeFile = () => readFileSync(path.join(view.folder, 'content/home.ts'), 'utf8');
  await expect.poll(homeFile).toContain("title: 'Sorry, that page is not here',");
});

test('nothing of the editing view scrolls sideways at 320 px', async ({ engine }) => {
  await engine.setViewport(320, 640);
  await engine.goto(view.address);
  const title = await titleField(engine);
  await expect.poll(() => title.isVisible()).toBe(true);
  // The elements past the right edge, named in the message should any be.
  const past = await engine.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${e.className}`),
  );
  expect(await engine.evaluate(sidewaysOverflow), past.join(' ')).toBe(0);
});
