import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEditingView, committedRepository } from '../support/editing-view';

/**
 * Two tabs, one truth (issue #39, item 5), at the level of the view's requests: every write names
 * its tab in x-editor-tab; the server writes one value at a time, so no save is lost between its
 * check of the version and its write; a save over a file that changed since its tab read it is
 * refused with 409, saying whether another tab's save changed it or something else did, with both
 * values, and either can then be kept; Undo takes back the tab's own last save only. And the server
 * is reached on 127.0.0.1 alone (item 4).
 */

let view: Awaited<ReturnType<typeof startEditingView>>;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  view = await startEditingView();
  // A repository of its own, as a clone is, for the commit that forgets every tab's Undo.
  committedRepository(view.folder);
});
test.afterAll(async () => view?.stop());

const contactFile = () => readFileSync(path.join(view.folder, 'content/contact.ts'), 'utf8');

/** One request of the view: a GET, or a POST of a JSON body, from a tab (or, with none, from no tab). */
async function call(route: string, tab: string | undefined, body?: unknown) {
  const response = await fetch(`${view.origin}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-editor-token': view.token,
      ...(tab === undefined ? {} : { 'x-editor-tab': tab }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as Record<string, unknown> };
}

/** What a tab reads of the contact file: its version, and whether the tab has a save to undo. */
async function read(tab: string | undefined) {
  const { data } = await call('/api/content', tab);
  const files = data.files as { name: string; version: string; value: unknown }[];
  return {
    version: files.find((file) => file.name === 'contact')!.version,
    canUndo: data.canUndo,
  };
}

const save = (tab: string, field: (string | number)[], value: unknown, version: string) =>
  call('/api/save', tab, { field, value, version });

/**
 * Seven fields of content/contact.ts: each path, its name as the check writes it, the value the
 * file holds, a new value the check accepts, and how the file writes that new value.
 */
const FIELDS: [(string | number)[], string, string, string, string][] = [
  [
    ['contact', 'generalEmail'],
    'contact.generalEmail',
    'southafrica.privatebank@example.com',
    'help@example.com',
    "generalEmail: 'help@example.com'",
  ],
  [
    ['contact', 'onlineBankingEmail'],
    'contact.onlineBankingEmail',
    'onlinebanking@example.com',
    'banking@example.com',
    "onlineBankingEmail: 'banking@example.com'",
  ],
  [
    ['contact', 'helpPhone'],
    'contact.helpPhone',
    '+44 20 7946 0123',
    '+44 20 7946 0999',
    "helpPhone: '+44 20 7946 0999'",
  ],
  [
    ['contact', 'onlineBankingLines', 0, 'label'],
    'contact.onlineBankingLines[0].label',
    'From the UK',
    'Within the UK',
    "label: 'Within the UK'",
  ],
  [
    ['contact', 'onlineBankingLines', 1, 'label'],
    'contact.onlineBankingLines[1].label',
    'From abroad',
    'From outside the UK',
    "label: 'From outside the UK'",
  ],
  [
    ['contact', 'onlineBankingLines', 0, 'phone'],
    'contact.onlineBankingLines[0].phone',
    '0808 157 0192',
    '0808 157 0193',
    "phone: '0808 157 0193'",
  ],
  [
    ['contact', 'onlineBankingLines', 1, 'phone'],
    'contact.onlineBankingLines[1].phone',
    '+44 20 7946 0321',
    '+44 20 7946 0322',
    "phone: '+44 20 7946 0322'",
  ],
];

test('concurrent saves of seven tabs over one version: one is written, six refused as another tab’s change, none lost', async () => {
  const { version } = await read('reader');
  const answers = await Promise.all(
    FIELDS.map(([field, , , value], i) => save(`tab-${i}`, field, value, version)),
  );
  const written = answers.filter((answer) => answer.status === 200);
  expect(written).toHaveLength(1);
  const file = contactFile();
  FIELDS.forEach(([, name, original, value, line], i) => {
    if (answers[i]!.status === 200) return expect(file).toContain(line);
    // Refused, with both values: the file still holds its own, which is theirs.
    expect(answers[i]).toEqual({
      status: 409,
      data: {
        refused: 'changed in another tab',
        file: 'content/contact.ts',
        field: name,
        theirs: original,
        yours: value,
      },
    });
    expect(file).not.toContain(line);
  });
  // Each refused tab keeps its own value: it saves again over the version it reads now.
  for (const [i, [field, , , value]] of FIELDS.entries()) {
    if (answers[i]!.status === 200) continue;
    const again = await save(`tab-${i}`, field, value, (await read(`tab-${i}`)).version);
    expect(again.status).toBe(200);
  }
  for (const [, , , , line] of FIELDS) expect(contactFile()).toContain(line);
});

test('a save over another tab’s save gets both values; the tab keeps theirs by reading again, or its own by saving again', async () => {
  const { version } = await read('left');
  expect((await save('left', ['contact', 'helpPhone'], '+44 20 7946 0111', version)).status).toBe(
    200,
  );
  const refused = await save('right', ['contact', 'helpPhone'], '+44 20 7946 0222', version);
  expect(refused).toEqual({
    status: 409,
    data: {
      refused: 'changed in another tab',
      file: 'content/contact.ts',
      field: 'contact.helpPhone',
      theirs: '+44 20 7946 0111',
      yours: '+44 20 7946 0222',
    },
  });
  // Keeping theirs: the tab reads the files again, and shows the other tab's value.
  const { data } = await call('/api/content', 'right');
  const files = data.files as { name: string; version: string; value: { helpPhone: string } }[];
  const contact = files.find((file) => file.name === 'contact')!;
  expect(contact.value.helpPhone).toBe('+44 20 7946 0111');
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0111'");
  // Keeping its own: the same value saved again, over the version it now read.
  const kept = await save('right', ['contact', 'helpPhone'], '+44 20 7946 0222', contact.version);
  expect(kept.status).toBe(200);
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0222'");
});

test('a save over a change on disk is refused as such, with the value on disk', async () => {
  const { version } = await read('left');
  writeFileSync(
    path.join(view.folder, 'content/contact.ts'),
    contactFile().replace("helpPhone: '+44 20 7946 0222'", "helpPhone: '+44 20 7946 0333'"),
  );
  const refused = await save('left', ['contact', 'helpPhone'], '+44 20 7946 0444', version);
  expect(refused).toEqual({
    status: 409,
    data: {
      refused: 'changed on disk',
      file: 'content/contact.ts',
      field: 'contact.helpPhone',
      theirs: '+44 20 7946 0333',
      yours: '+44 20 7946 0444',
    },
  });
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0333'");
});

test('a save over the tab’s own later save, named by the version before it, is not another tab’s', async () => {
  const { version } = await read('left');
  expect((await save('left', ['contact', 'helpPhone'], '+44 20 7946 0444', version)).status).toBe(
    200,
  );
  expect(await save('left', ['contact', 'helpPhone'], '+44 20 7946 0333', version)).toEqual({
    status: 409,
    data: {
      refused: 'changed on disk',
      file: 'content/contact.ts',
      field: 'contact.helpPhone',
      theirs: '+44 20 7946 0444',
      yours: '+44 20 7946 0333',
    },
  });
});

test('Undo takes back the tab’s own last save only, and none over another tab’s save after it', async () => {
  const undo = (tab: string) => call('/api/undo', tab, {});
  expect((await read('left')).canUndo).toBe(true);
  expect((await read('nobody')).canUndo).toBe(false);
  expect((await read(undefined)).canUndo).toBe(false);
  // Left saves one field, right another of the same file after it.
  let { version } = await read('left');
  ({ version } = (await save('left', ['contact', 'helpPhone'], '+44 20 7946 0555', version))
    .data as { version: string });
  expect(
    (await save('right', ['contact', 'generalEmail'], 'office@example.com', version)).status,
  ).toBe(200);
  expect((await read('right')).canUndo).toBe(true);
  // Left's save is under right's: undoing it would take right's too.
  expect(await undo('left')).toEqual({
    status: 409,
    data: {
      refused: 'changed in another tab',
      file: 'content/contact.ts',
      field: 'contact.helpPhone',
      theirs: '+44 20 7946 0555',
      yours: '+44 20 7946 0444',
    },
  });
  expect(await undo('right')).toEqual({
    status: 200,
    data: { undone: 'content/contact.ts', field: 'Contact, general email' },
  });
  expect(contactFile()).toContain("generalEmail: 'help@example.com'");
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0555'");
  expect((await read('right')).canUndo).toBe(false);
  // Right's Undo took back its own save, not left's, which left can now undo.
  expect((await undo('left')).status).toBe(200);
  expect(contactFile()).toContain("helpPhone: '+44 20 7946 0444'");
  expect((await read('left')).canUndo).toBe(false);
});

test('a commit forgets the Undo of every tab', async () => {
  for (const [tab, value] of [
    ['left', '+44 20 7946 0666'],
    ['right', '+44 20 7946 0777'],
  ] as const) {
    await save(tab, ['contact', 'helpPhone'], value, (await read(tab)).version);
    expect((await read(tab)).canUndo).toBe(true);
  }
  const committed = await call('/api/commit', 'left', {
    branch: 'content/help-line',
    message: 'A new help line',
  });
  expect(committed.status).toBe(200);
  expect((await read('left')).canUndo).toBe(false);
  expect((await read('right')).canUndo).toBe(false);
  expect(await call('/api/undo', 'right', {})).toEqual({
    status: 200,
    data: { undone: null, field: null },
  });
});

for (const [what, tab] of [
  ['no tab id', undefined],
  ['an empty tab id', ''],
  ['a tab id of 65 characters', 'a'.repeat(65)],
  ['a tab id with a space', 'tab one'],
  ['a tab id with a slash', 'tab/1'],
] as const)
  test(`each write with ${what} gets 400 and changes no file`, async () => {
    const before = contactFile();
    const { version } = await read('left');
    const field = ['contact', 'helpPhone'];
    const writes: [string, unknown][] = [
      ['/api/save', { field, value: '+44 20 7946 0888', version }],
      ['/api/discard', { field, version }],
      ['/api/undo', {}],
      ['/api/commit', { branch: 'content/no-tab', message: 'From no tab' }],
    ];
    for (const [route, body] of writes)
      expect((await call(route, tab, body)).status, route).toBe(400);
    expect(contactFile()).toBe(before);
  });

/** Whether a TCP connection to an address and the view's port is made, or the error that stops it. */
const reach = (host: string) =>
  new Promise<string>((resolve) => {
    const socket = connect({ host, port: view.port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

test('the server is reached on 127.0.0.1 alone, not on the machine’s other addresses', async () => {
  expect(await reach('127.0.0.1')).toBe('connected');
  // Another address of IPv4's loopback (Linux answers all of 127.0.0.0/8 on it), which a server
  // on every interface takes even on a machine with no other; IPv6's loopback; and every address
  // of the machine's network interfaces but link-local ones, which need their interface named.
  const others = [
    '127.0.0.2',
    '::1',
    ...Object.values(networkInterfaces())
      .flat()
      .flatMap((interfaceAddress) => interfaceAddress ?? [])
      .filter(({ internal, address }) => !internal && !address.startsWith('fe80'))
      .map(({ address }) => address),
  ];
  for (const address of others) expect(await reach(address), address).toBe('ECONNREFUSED');
});
