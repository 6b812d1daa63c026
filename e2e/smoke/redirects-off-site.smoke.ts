/**
 * The addresses that bend a redirect off the site: a path that starts like another host (`//`,
 * `/\`, and their escapes), with what makes a server redirect it (a trailing slash, `.html`), which
 * a server that copies the path into its Location would send a visitor to the other host with. Each
 * is sent exactly as written, and where it is redirected, the Location is judged as a browser
 * resolves it (`new URL(location, address)`): it must stay on the site. No answer may be a server
 * error or carry a stray byte in its head.
 */
import { expectNoProblems, test } from './fixtures';

/** A host that is not the site's, written into the paths. */
const OTHER_HOST = 'smoke-other-host.example';

/**
 * How a path can start so that a browser reads what follows as a host once a server writes it back
 * into Location: two slashes, a backslash (which browsers read as a slash), and their escapes,
 * single and double, and a tab (which browsers drop) between them.
 */
const HOST_STARTS = [
  '//',
  '/\\',
  '///',
  '/%2F',
  '/%2f',
  '/%5C',
  '/%5c',
  '/%2F%2F',
  '/%252F',
  '/%09/',
];
/** The host itself, as written and with an escaped letter, which a server may decode first. */
const HOSTS = [OTHER_HOST, `%73${OTHER_HOST.slice(1)}`];
/** What makes the servers redirect a path: a trailing slash, `.html`, and a query kept. */
const REDIRECTED_ENDINGS = ['/', '.html', '/?q=1'];

const targets = HOST_STARTS.flatMap((start) =>
  HOSTS.flatMap((host) => REDIRECTED_ENDINGS.map((ending) => `${start}${host}${ending}`)),
);

test(`no redirect leaves the site: ${targets.length} addresses that start like another host`, async ({
  get,
  settings,
}) => {
  const problems: string[] = [];
  for (const target of targets) {
    const { status, head, headers } = await get(target);
    const stray = head
      .toString('latin1')
      .split('\r\n')
      .find((line) => !/^[\x20-\x7e]*$/.test(line));
    if (stray !== undefined)
      problems.push(`${target}: a stray byte in the answer's head: ${JSON.stringify(stray)}`);
    if (status >= 500 || status < 200) problems.push(`${target}: answered ${status}`);
    if (status < 300 || status >= 400) continue;
    const location = headers.find(([name]) => name === 'location')?.[1];
    if (location === undefined) {
      problems.push(`${target}: a redirect (${status}) with no Location`);
      continue;
    }
    // The address as the site received it, then the Location as a browser resolves it from there.
    const landing = new URL(location, `${settings.site.origin}${target}`);
    if (landing.origin !== settings.site.origin)
      problems.push(
        `${target}: redirects off the site, to ${landing.origin} (Location: ${location})`,
      );
  }
  expectNoProblems(problems);
});
