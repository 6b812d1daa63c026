import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { contact } from '../../content/contact';
import { southAfrica } from '../../content/south-africa';
import { startEditingView } from '../support/editing-view';

/**
 * The editing view writes files, so it answers nobody but the editor who started it (issue #32,
 * item 7): a request from another site's page, one carried by a name that only resolves to
 * 127.0.0.1 (DNS rebinding), and one without the secret token each get 403 and change no file. Each
 * forged request is otherwise the view's own save of a good value, which the last test shows
 * would be written: so each 403 is for what was forged.
 */

let view: Awaited<ReturnType<typeof startEditingView>>;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  view = await startEditingView();
});
test.afterAll(async () => view?.stop());

/** One request as a raw HTTP client sends it, any Host and Origin included. */
function send(headers: Record<string, string>, body: string, requestPath = '/api/save') {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: view.port, method: 'POST', path: requestPath, headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const contactFile = () => readFileSync(path.join(view.folder, 'content/contact.ts'), 'utf8');

/**
 * The view's own headers: its address as Host, its page as Origin, its token in its header, and
 * the name of the tab it comes from.
 */
const own = () => ({
  host: `127.0.0.1:${view.port}`,
  origin: `http://127.0.0.1:${view.port}`,
  'x-editor-token': view.token,
  'x-editor-tab': 'security-spec',
  'content-type': 'application/json',
});

/** A save of a good value (a help line number from Ofcom's drama range) over the file as it is. */
async function goodSave() {
  const { version } = (
    (await (
      await fetch(`${view.origin}/api/content`, {
        headers: { 'x-editor-token': own()['x-editor-token'] },
      })
    ).json()) as { files: { name: string; version: string }[] }
  ).files.find((file) => file.name === 'contact')!;
  return JSON.stringify({ field: ['contact', 'helpPhone'], value: '+44 20 7946 0999', version });
}

const forgeries: [string, (headers: ReturnType<typeof own>) => Record<string, string>][] = [
  ['a Host that is not its address', (h) => ({ ...h, host: `rebound.example:${view.port}` })],
  ['a Host of localhost', (h) => ({ ...h, host: `localhost:${view.port}` })],
  ['an Origin of another site', (h) => ({ ...h, origin: 'https://attacker.example' })],
  ['an Origin of another port', (h) => ({ ...h, origin: `http://127.0.0.1:${view.port + 1}` })],
  [
    'no token',
    (h) => Object.fromEntries(Object.entries(h).filter(([name]) => name !== 'x-editor-token')),
  ],
  ['a wrong token', (h) => ({ ...h, 'x-editor-token': '0'.repeat(48) })],
  // As the view once kept it, and as any page of 127.0.0.1 would send it to every port there.
  [
    'the token in a cookie',
    ({ 'x-editor-token': given, ...rest }) => ({
      ...rest,
      cookie: `editor-token-${view.port}=${given}`,
    }),
  ],
];
for (const [forged, headers] of forgeries)
  test(`a save with ${forged} gets 403 and changes no file`, async () => {
    const before = contactFile();
    const response = await send(headers(own()), await goodSave());
    expect(response.status).toBe(403);
    expect(contactFile()).toBe(before);
  });

test('without the token, the view’s page and the page beside it hold no content, and the content is forbidden', async () => {
  // The view's page is the same empty frame for everyone: its script asks for the rest.
  const page = await fetch(`${view.origin}/`);
  expect(page.status).toBe(200);
  const shell = await page.text();
  expect(shell).toContain('Loading the content files');
  expect(shell).not.toContain(southAfrica.contact.heading);
  // So is the page beside the form, which the view draws the site's pages into.
  const pageBeside = await fetch(`${view.origin}/page-beside`);
  expect(pageBeside.status).toBe(200);
  const emptyPage = await pageBeside.text();
  expect(emptyPage).toContain('<body></body>');
  expect(emptyPage).not.toContain(southAfrica.contact.heading);
  // Every path of the view's API, written out here: a path added without the gate is not missed.
  const reads = ['/api/content', '/api/changes', '/api/versions'];
  const writes = ['/api/check', '/api/save', '/api/discard', '/api/undo', '/api/commit'];
  for (const address of reads)
    expect((await fetch(`${view.origin}${address}`)).status, address).toBe(403);
  for (const address of writes) {
    const answer = await fetch(`${view.origin}${address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: view.origin },
      body: '{}',
    });
    expect(answer.status, address).toBe(403);
  }
  // No answer sets a cookie, which the browser would send to every port of 127.0.0.1.
  for (const answer of [page, pageBeside, await fetch(view.address)]) {
    expect(answer.headers.get('set-cookie')).toBeNull();
  }
});

test('a tab opened without the token says in words what to open, and waits for no files', async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${view.origin}/`);
    await expect(page.getByRole('alert')).toHaveText(
      'This tab was opened without the editing view’s key: open the address that npm run edit printed, with its ?token=.',
    );
    await expect(page.getByText('Loading the content files…')).toBeHidden();
  } finally {
    await context.close();
  }
});

test('the token leaves the address bar, survives a reload, and reaches no other server of 127.0.0.1', async ({
  browser,
}) => {
  // Another program on another port of 127.0.0.1, which writes down every request it is sent.
  const heard: string[] = [];
  const other = createServer((request, response) => {
    heard.push(`${request.url} ${JSON.stringify(request.headers)}`);
    response.end('another program');
  });
  other.listen(0, '127.0.0.1');
  await once(other, 'listening');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(view.address);
    await expect(page).toHaveURL(`${view.origin}/`);
    const helpPhone = page.getByRole('textbox', { name: 'Contact, help phone' });
    await expect(helpPhone).toHaveValue(contact.helpPhone);
    await page.reload();
    await expect(helpPhone).toHaveValue(contact.helpPhone);
    // The editor visits the other program in the same browser, by address and by a link.
    const otherAddress = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
    await page.goto(otherAddress);
    await expect(page.getByText('another program')).toBeVisible();
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.filter((request) => request.includes(view.token))).toEqual([]);
  } finally {
    await context.close();
    other.close();
  }
});

test('a body over 64 kB is turned away with 413 and changes no file', async () => {
  const before = contactFile();
  const body = JSON.stringify({ field: ['contact', 'helpPhone'], value: 'x'.repeat(70_000) });
  expect((await send(own(), body)).status).toBe(413);
  expect(contactFile()).toBe(before);
});

test('the same save with its own Host, Origin and token is written', async () => {
  const response = await send(own(), await goodSave());
  expect(response.status, response.text).toBe(200);
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0999',");
});
