/** Where a link goes: a page or section of this site, https:, mailto:, tel: or '#'. */
import { z } from 'zod';
import { EMAIL, noInvisibleCharacters } from '../schema/text-rules';
import { defineKind, longer, type KindCheck } from './kind';

/**
 * What each kind of link must be, and what to write instead, by how the link starts; the first whose
 * start matches applies, and the last, which matches every link, refuses any other kind.
 */
const links: [string, (href: string, check: KindCheck) => boolean, string][] = [
  ['/', (v, check) => check.pages.includes(v.split(/[?#]/)[0]!), 'is no page here: write %pages'],
  ['#', (v) => v === '#', 'names no page: write it like /south-africa#contact'],
  ['https:', (v) => URL.canParse(v), 'is no web address: write it like https://www.bank.co.za'],
  [
    'mailto:',
    (v) => EMAIL.test(v.slice(7).split('?')[0]!),
    'is no e-mail link: write it like mailto:name@bank.co.za',
  ],
  [
    'tel:',
    (v, check) => check.readPhoneNumber(v.slice(4)) !== undefined,
    'is no phone link: write it like tel:+27115550100',
  ],
  ['', () => false, 'is no safe link: write a path on this site or an https:// address'],
];

export const linkKind = defineKind({
  name: 'link',
  value: z.string(),
  rule(value, check) {
    // The links table always finds a kind, as its last entry matches every link.
    const [, test, fix] = links.find(([start]) => value.startsWith(start))!;
    if (!test(value, check))
      check.refuse(`"${value}" ${fix.replace('%pages', check.pages.join(' or '))}`);
    const [address = '', id] = value.split('#');
    const sections = check.sectionsOf(address.split('?')[0]!);
    if (id && sections && !sections.includes(id))
      check.refuse(
        `"${value}" names no section of ${address}: write one of #${sections.join(' #')}`,
      );
    if (value === '#') check.remind('# is a placeholder link that goes nowhere');
  },
  input: { input: 'line', offersPages: true, spellcheck: false },
  onPage: { tagged: false, variant: longer },
});

/** Where a link goes: a page here ('/south-africa#contact'), https://, mailto:, tel:, or '#'. */
export const linkAddress = () => linkKind.mark(noInvisibleCharacters);
