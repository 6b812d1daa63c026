/**
 * The financial-promotions log, for the compliance team: every record, newest first, filterable by
 * page and by a period, each with its reference, its page, when it was live on each target, its
 * editors, its approvers with their reasons, the change in words, and links to the PDF, the
 * picture and the HTML as served. The editing service serves it at /records/ to whoever the bank's
 * sign-in puts in the compliance group (RECORDS_COMPLIANCE_GROUP), and no one else; it reads the
 * records store with a credential that may only read (RECORDS_STORE, RECORDS_TOKEN_FILE). A file is
 * served only once it has been read and checked against the SHA-256 its record names.
 *
 * It serves a pull request's pictures too (pull-request-pictures.ts), at the address the pull
 * request's comment links, /records/pull-requests/<number>/<commit>/: to the compliance group, and
 * to the group of the pull requests' other approvers where RECORDS_REVIEWERS_GROUP names one.
 *
 * Its pages are drawn here, on the server, as plain HTML: no script, one stylesheet whose hash its
 * policy names.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Person } from '../editor/service/identity';
import { exportedPages } from '../lib/routes';
import { intervalsOf, type Interval } from './go-live';
import { storeFromEnvironment } from './open-store';
import { pageAt, pageSlug, sha256 } from './page-copy';
import { type PullRequestPictures, picturesKey } from './pull-request-pictures';
import { eventsOf, keys, type PageRecord, readJson, recordsOf } from './record';
import type { RecordStore } from './store';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 1.5rem; color: #111; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: .4rem; vertical-align: top; text-align: left; }
form { display: flex; gap: 1rem; flex-wrap: wrap; align-items: end; margin-bottom: 1rem; }
label { display: flex; flex-direction: column; }
ul { margin: 0; padding-left: 1.2rem; }
.altered { color: #a00; font-weight: bold; }
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The log's policy: its own stylesheet, its pictures, its form, nothing else, in no frame. */
const LOG_POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/**
 * The policy of a page's HTML as served, shown as it is: in a sandbox of its own, so that nothing
 * in it runs or reaches the service, with its own inline styles.
 */
const COPY_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function answer(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  type: string,
  policy = LOG_POLICY,
  extra: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': type,
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    ...extra,
  });
  response.end(body);
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;

/** A time as the log shows it: 2026-03-03 08:00 UTC. */
const utc = (time: string) => `${time.slice(0, 10)} ${time.slice(11, 16)} UTC`;

/** The page a route names, in words. */
const pageWords = (route: string) =>
  route === '/' ? 'Home (/)' : pageSlug(pageAt(route)) === 'not-found' ? 'Not-found page' : route;

/** Whether an interval, or a record never live, falls in a period of whole days. */
function inPeriod(record: PageRecord, intervals: Interval[], from?: string, to?: string) {
  const start = from ? `${from}T00:00:00.000Z` : '';
  const end = to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() : '9';
  if (intervals.length === 0) return record.preparedAt >= start && record.preparedAt < end;
  return intervals.some((span) => span.from < end && (span.until === null || span.until >= start));
}

/** One record's row in the log. */
function row(record: PageRecord, byTarget: Map<string, Interval[]>) {
  const live = [...byTarget]
    .map(
      ([target, spans]) =>
        `<li>${escape(target)}: ${spans.map((s) => `${utc(s.from)} to ${s.until ? utc(s.until) : 'now'}`).join('; ')}</li>`,
    )
    .join('');
  const people = record.pullRequests.flatMap((pull) => [
    `<li><a href="${escape(pull.url)}">Pull request #${pull.number}</a>: ${escape(pull.title)}${pull.mergedAt ? `, merged ${utc(pull.mergedAt)}` : ''}</li>`,
    ...pull.editors.map(
      (editor) =>
        `<li>Editor: ${escape(editor.name)} &lt;${escape(editor.bankIdentity ?? editor.email)}&gt;</li>`,
    ),
    ...pull.approvals.map(
      (approval) =>
        `<li>${approval.role === 'compliance sign-off' ? 'Compliance sign-off' : 'Approval'}${approval.final ? ' (final approval)' : ''}: ${escape(approval.login)} (${escape(approval.teams.join(', ') || 'no team')}), ${utc(approval.at)}: “${escape(approval.reason)}”</li>`,
    ),
  ]);
  const change = [
    ...(record.previous === null ? ['<li>The page’s first record</li>'] : []),
    ...record.change.removed.map((text) => `<li>Removed: “${escape(text)}”</li>`),
    ...record.change.added.map((text) => `<li>Added: “${escape(text)}”</li>`),
    ...record.change.content.map(
      (field) =>
        `<li>${escape(field.words)}: was ${escape(field.before)}, now ${escape(field.after)}</li>`,
    ),
  ];
  const base = `/records/${encodeURIComponent(record.reference)}`;
  return `<tr>
<th scope="row">${escape(record.reference)}</th>
<td>${escape(pageWords(record.page.route))}<br>${escape(record.page.title)}</td>
<td>${live ? `<ul>${live}</ul>` : 'Prepared, never live'}</td>
<td><ul>${people.join('')}</ul></td>
<td><ul>${change.join('')}</ul></td>
<td><ul><li><a href="${base}/page.pdf">PDF</a></li><li><a href="${base}/page.png">Picture</a></li><li><a href="${base}/page.html">HTML as served</a></li></ul></td>
</tr>`;
}

/** The log's page, filtered by the query's page and period. */
async function logPage(store: RecordStore, query: URLSearchParams) {
  const route = query.get('page') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/;
  const from = date.test(query.get('from') ?? '') ? query.get('from')! : undefined;
  const to = date.test(query.get('to') ?? '') ? query.get('to')! : undefined;
  const shown = exportedPages.some((p) => p.route === route) ? pageSlug(pageAt(route)) : undefined;
  const records = (await recordsOf(store, shown)).sort((a, b) =>
    b.preparedAt.localeCompare(a.preparedAt),
  );
  const rows: string[] = [];
  for (const record of records) {
    const byTarget = intervalsOf(await eventsOf(store, record.reference));
    if (inPeriod(record, [...byTarget.values()].flat(), from, to)) rows.push(row(record, byTarget));
  }
  const options = [
    `<option value="">Every page</option>`,
    ...exportedPages.map(
      (p) =>
        `<option value="${escape(p.route)}"${p.route === route ? ' selected' : ''}>${escape(pageWords(p.route))}</option>`,
    ),
  ].join('');
  const form = `<form method="get" action="/records/">
<label>Page <select name="page">${options}</select></label>
<label>Live from <input type="date" name="from" value="${from ?? ''}"></label>
<label>to <input type="date" name="to" value="${to ?? ''}"></label>
<button type="submit">Show</button>
</form>`;
  const table = rows.length
    ? `<table>
<caption>${rows.length} record(s), newest first</caption>
<thead><tr><th scope="col">Reference</th><th scope="col">Page</th><th scope="col">Live, per target</th><th scope="col">Pull request, editors and approvers, with their reasons</th><th scope="col">Change</th><th scope="col">Copies</th></tr></thead>
<tbody>${rows.join('\n')}</tbody>
</table>`
    : '<p>No record matches.</p>';
  return page('Financial promotions log', `${form}\n${table}`);
}

/** The kinds of copy a record links to, by their names in the log's addresses. */
const COPIES = {
  'page.pdf': { type: 'application/pdf', sha: (r: PageRecord) => r.copies.pdf },
  'page.png': { type: 'image/png', sha: (r: PageRecord) => r.copies.picture },
  'page.html': { type: 'text/html; charset=utf-8', sha: (r: PageRecord) => r.served.html },
} as const;

/** One copy of a record, once its bytes are checked against the SHA-256 the record names. */
async function copyOf(
  store: RecordStore,
  response: ServerResponse,
  reference: string,
  name: string,
) {
  const copy = COPIES[name as keyof typeof COPIES];
  const slug = /^FP-(.+)-[0-9a-f]{12}$/.exec(reference)?.[1];
  const record =
    copy && slug
      ? await readJson<PageRecord>(store, keys.record(slug, reference)).catch(() => undefined)
      : undefined;
  if (!copy || !record)
    return answer(
      response,
      404,
      page('Not found', '<p>No such record or copy.</p>'),
      'text/html; charset=utf-8',
    );
  const bytes = await store.read(keys.file(copy.sha(record)));
  if (!bytes || sha256(bytes) !== copy.sha(record))
    return answer(
      response,
      409,
      page(
        'Altered',
        `<p class="altered">The ${escape(name)} of ${escape(reference)} is ${bytes ? 'altered: its bytes are not those the record names' : 'missing from the store'}. Tell the platform team at once.</p>`,
      ),
      'text/html; charset=utf-8',
    );
  const policy = name === 'page.html' ? COPY_POLICY : LOG_POLICY;
  answer(response, 200, bytes, copy.type, policy, {
    'content-disposition': `inline; filename="${reference}-${name}"`,
  });
}

/** The widths' and sides' words, for the pictures' captions. */
const PICTURE_WORDS = {
  phone: 'at a phone’s width',
  desktop: 'at a desktop’s width',
  before: 'Before (main)',
  after: 'After (this pull request)',
} as const;

/** A pull request's pictures, or one of them once its bytes are checked against its SHA-256. */
async function pullRequestPicturesPage(
  store: RecordStore,
  response: ServerResponse,
  [number = '', commit = '', file = '', ...rest]: string[],
) {
  const html = 'text/html; charset=utf-8';
  const notFound = () => answer(response, 404, page('Not found', '<p>No such pictures.</p>'), html);
  if (!/^[1-9]\d{0,9}$/.test(number) || !/^[0-9a-f]{12}$/.test(commit) || rest.length)
    return notFound();
  const list = await readJson<PullRequestPictures>(store, picturesKey(Number(number), commit));
  if (!list) return notFound();
  if (file) {
    const sha = /^([0-9a-f]{64})\.png$/.exec(file)?.[1];
    if (!sha || !list.pictures.some((picture) => picture.sha256 === sha)) return notFound();
    const bytes = await store.read(keys.file(sha));
    if (!bytes || sha256(bytes) !== sha)
      return answer(
        response,
        409,
        page(
          'Altered',
          `<p class="altered">This picture of pull request ${number} is ${bytes ? 'altered: its bytes are not those its list names' : 'missing from the store'}. Tell the platform team at once.</p>`,
        ),
        html,
      );
    return answer(response, 200, bytes, 'image/png');
  }
  const sections = [...new Set(list.pictures.map((picture) => picture.route))].map((route) => {
    const figures = list.pictures
      .filter((picture) => picture.route === route)
      .map(
        (picture) => `<figure>
<figcaption>${PICTURE_WORDS[picture.side]}, ${PICTURE_WORDS[picture.width]}${picture.marked.length ? `; marked: ${picture.marked.map((text) => `“${escape(text)}”`).join(', ')}` : '; nothing marked'}</figcaption>
<a href="${picture.sha256}.png"><img src="${picture.sha256}.png" alt="${escape(`${pageWords(route)}, ${PICTURE_WORDS[picture.side].toLowerCase()}, ${PICTURE_WORDS[picture.width]}`)}" width="320"></a>
</figure>`,
      )
      .join('\n');
    return `<section><h2>${escape(pageWords(route))}</h2>\n${figures}</section>`;
  });
  return answer(
    response,
    200,
    page(
      `Pull request ${number} at ${commit}`,
      `<p>Drawn ${utc(list.madeAt)} from the pull request’s tested build and main’s; the changed texts are marked with a frame and a yellow ground.</p>\n${sections.join('\n') || '<p>The pull request changes no page.</p>'}`,
    ),
    html,
  );
}

/**
 * The log's request handler, for the editing service's /records/ addresses.
 * @param environment RECORDS_COMPLIANCE_GROUP, RECORDS_REVIEWERS_GROUP, RECORDS_STORE and
 *   RECORDS_TOKEN_FILE.
 */
export function complianceLog(environment: Record<string, string | undefined> = process.env) {
  let store: RecordStore | undefined;
  return async (request: IncomingMessage, response: ServerResponse, person: Person) => {
    const html = 'text/html; charset=utf-8';
    const group = environment.RECORDS_COMPLIANCE_GROUP;
    if (!group)
      return answer(
        response,
        403,
        page(
          'Not set up',
          '<p>The financial promotions log is not set up on this service: RECORDS_COMPLIANCE_GROUP names no group (docs/deploying.md, “Records for a regulator”).</p>',
        ),
        html,
      );
    const url = new URL(request.url ?? '/', 'http://records');
    const pictures = url.pathname.startsWith('/records/pull-requests/');
    const reviewers = environment.RECORDS_REVIEWERS_GROUP;
    const allowed =
      person.groups.includes(group) ||
      (pictures &&
        reviewers !== undefined &&
        reviewers !== '' &&
        person.groups.includes(reviewers));
    if (!allowed)
      return answer(
        response,
        403,
        page(
          'Compliance only',
          `<p>The financial promotions log is for the compliance team: ${escape(person.user)} is not in the group ${escape(group)}.</p>`,
        ),
        html,
      );
    if (request.method !== 'GET')
      return answer(
        response,
        405,
        page('Read only', '<p>The log is read, never written.</p>'),
        html,
      );
    try {
      store ??= storeFromEnvironment(environment);
      if (pictures)
        return await pullRequestPicturesPage(
          store,
          response,
          url.pathname.slice('/records/pull-requests/'.length).split('/'),
        );
      if (url.pathname === '/records' || url.pathname === '/records/')
        return answer(response, 200, await logPage(store, url.searchParams), html);
      const [reference = '', name = '', ...rest] = url.pathname
        .slice('/records/'.length)
        .split('/');
      if (rest.length === 0)
        return await copyOf(store, response, decodeURIComponent(reference), name);
      return answer(response, 404, page('Not found', '<p>No such page of the log.</p>'), html);
    } catch (error) {
      return answer(
        response,
        502,
        page(
          'The records store did not answer',
          `<p>${escape(error instanceof Error ? error.message : String(error))}. Nothing is lost: try again in a while, and tell the platform team if it goes on.</p>`,
        ),
        html,
      );
    }
  };
}
