/**
 * The site's security.txt (RFC 9116), which tells a researcher whom to tell about a security
 * problem: served as text, with the contact of the deployed commit's content, and not yet expired,
 * since a stale file tells a researcher not to trust it.
 */
import { securityTxt } from '../../content/security-txt';
import { header } from './client';
import { expectNoProblems, test } from './fixtures';

const ADDRESS = '/.well-known/security.txt';

test('security.txt names the contact and has not expired', async ({ get }) => {
  const response = await get(ADDRESS);
  const problems: string[] = [];
  if (response.status !== 200) problems.push(`${ADDRESS} answered ${response.status}, not 200`);
  const type = header(response, 'content-type');
  if (type !== 'text/plain; charset=utf-8')
    problems.push(`${ADDRESS} is sent as "${type ?? 'no type'}", not "text/plain; charset=utf-8"`);
  const text = response.body;
  const field = (name: string) => new RegExp(`^${name}: *(.*?)\\s*$`, 'im').exec(text)?.[1];
  const contact = field('Contact');
  if (contact !== securityTxt.contact)
    problems.push(
      `${ADDRESS} names the contact "${contact ?? 'none'}", not "${securityTxt.contact}"`,
    );
  const expires = field('Expires');
  if (expires === undefined) problems.push(`${ADDRESS} has no Expires`);
  else if (!(Date.parse(expires) > Date.now()))
    problems.push(
      `${ADDRESS} expired on ${expires}: researchers are told not to trust it (RFC 9116). Renew content/security-txt.ts and deploy.`,
    );
  else if (expires !== securityTxt.expires)
    problems.push(
      `${ADDRESS} expires on ${expires}, not ${securityTxt.expires} as the content says`,
    );
  expectNoProblems(problems);
});
