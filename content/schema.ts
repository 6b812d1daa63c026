/**
 * What the content files hold: each field's type, what it is for (hover a field in your editor) and
 * the rule its own value follows. Rules that weigh fields against each other, the pages or public/
 * are the content check's (scripts/build/content-rules.ts); `npm run content:check` applies both.
 * Every message here is read by an editor, so it says what is wrong and what to write instead.
 */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';

/**
 * The HTML standard's valid e-mail address (https://html.spec.whatwg.org/#valid-e-mail-address).
 */
export const EMAIL = z.regexes.html5Email;
/** The days of the week, as schema.org and visitors know them. */
// prettier-ignore
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** The invisible characters an editor most likely pastes, by the name the message gives them. */
const INVISIBLE_NAMES: Record<string, string> = {
  '\t': 'a tab',
  '\n': 'a line break',
  '\u00a0': 'a no-break space',
  '\u00ad': 'a soft hyphen',
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\ufeff': 'a byte-order mark',
};
/**
 * Every character nobody sees on the page: controls, spaces other than the plain one, joiners, marks
 * of text direction, the byte-order mark. Those not in INVISIBLE_NAMES are called control characters.
 */
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u00a0\u00ad\u200b-\u200f\u2028-\u202f\u2060-\u2064\u2066-\u2069\ufeff]/u;
/**
 * The message for the first invisible character in a value, other than those allowed: which one it
 * is, and after which words, since an editor cannot find it by looking.
 */
function invisibleCharacterMessage(value: string, allowed = ''): string | undefined {
  // Spread by code point, so that an emoji before the character is not cut in half in the message.
  const characters = [...value];
  const index = characters.findIndex((c) => INVISIBLE.test(c) && !allowed.includes(c));
  const character = characters[index];
  if (!character) return undefined;
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const where =
    index === 0 ? 'at the start' : `after "${characters.slice(0, index).join('').slice(-24)}"`;
  return `has ${INVISIBLE_NAMES[character] ?? 'an invisible control character'} (${code}) ${where}: delete it (it may come from copying out of a document)`;
}
/**
 * An address, number, name or code that machines read (a link, a phone number, an id): no invisible
 * characters at all. One stops the rules that follow, whose own message would only confuse.
 */
const noInvisibleCharacters = z.string().superRefine((value, ctx) => {
  const found = invisibleCharacterMessage(value);
  if (found) ctx.addIssue({ code: 'custom', message: found, continue: false });
});
/** A text rule; its message reads `"value" is not {what}: write it like {example}`. */
const rule = (test: RegExp | ((value: string) => boolean), what: string, example: string) =>
  noInvisibleCharacters.refine((v) => (typeof test === 'function' ? test(v) : test.test(v)), {
    error: (issue) => `"${String(issue.input)}" is not ${what}: write it like ${example}`,
  });
/**
 * What an editor used to HTML, Markdown or code might type into a text, and what to write instead.
 * Only the first that matches is reported: one markup slip usually explains the others.
 */
const markupSlips: [RegExp, (m: RegExpExecArray, offer: string) => string][] = [
  [
    /<\/?[a-z][a-z0-9]*\b[^<>]*>/i,
    (m) => `has the HTML tag ${m[0]}: texts are plain, so write the words alone`,
  ],
  [
    /\[([^\]]+)\]\(([^)\s]*)\)/,
    (m) =>
      `has the Markdown link ${m[0]}: in a paragraph, write ['…', { label: '${m[1]}', href: '${m[2]}' }, '…']; elsewhere, the words alone`,
  ],
  [
    /(\*\*|__)(\S(?:.*?\S)?)\1|(?<![\w*])([*_])(\S(?:[^*_]*?\S)?)\3(?![\w*])/,
    (m) => `has the Markdown emphasis ${m[0]}: texts are plain, so write ${m[2] ?? m[4]}`,
  ],
  [
    /^#{1,6}\s/,
    () =>
      'starts with a Markdown heading mark (#): write the words alone; headings have fields of their own',
  ],
  [
    /^\s*(?:[-*+•]|\d+[.)])\s/,
    () =>
      'starts like a Markdown list item: write each point as a text of its own, without the mark',
  ],
  [
    /\$\{/,
    (_m, offer) =>
      `has \${: a value the site fills in is written {name}, without $ (this text offers ${offer})`,
  ],
  [
    /\{\s+\w+\s*\}|\{\w+\s+\}/,
    (m) => `writes ${m[0]} with spaces: write {${m[0].replace(/[{}\s]/g, '')}}`,
  ],
  [
    /\{(?!\w+\})|(?<!\{\w+)\}/,
    (_m, offer) =>
      `has a brace without its pair: braces only mark the values the site fills in (this text offers ${offer})`,
  ],
];
/**
 * A text people read on the page: no HTML, no Markdown, no invisible characters but those a text may
 * need (a line break, a no-break space, a soft hyphen, the joiners of emoji and a narrow no-break
 * space), and only the placeholders it offers, written as the editor writes them: '{a} {b}'.
 */
const readableText = (offers = '', { blank = false } = {}) =>
  z.string().superRefine((value, ctx) => {
    const addIssue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const offer = offers || 'none';
    if (!blank && !value.trim()) addIssue('is empty: write the text');
    const found = invisibleCharacterMessage(value, '\n\u00a0\u00ad\u200c\u200d\u202f');
    if (found) addIssue(found);
    for (const [pattern, hint] of markupSlips) {
      const m = pattern.exec(value);
      if (m) return addIssue(hint(m, offer));
    }
    for (const [used] of value.matchAll(/\{\w+\}/g))
      if (!offers.includes(used)) addIssue(`uses ${used}; this text offers ${offer}`);
  });
const text = readableText();
const slug = rule(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words with dashes', 'contact-us');
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = rule(TIME, 'a 24-hour time', '09:00');
const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const timeZone = rule((v) => zones.includes(v), 'a time zone', 'Africa/Johannesburg');
const isLanguage = (v: string) => /^[a-z]{2,3}-[A-Z]{2}$/.test(v) && !!languages.of(v);
const language = rule(isLanguage, 'a language tag', 'en-GB');
const isCountry = (v: string): v is CountryCode => isSupportedCountry(v);
const country = rule(isCountry, 'a two-letter country code', 'ZA') as z.ZodType<CountryCode>;

/**
 * The kinds of field the content check holds to a rule of its own, beyond the schema's, wherever a
 * field of that kind is written, whatever its name: scripts/build/content-rules.ts has the rules.
 * - `link`: where a link goes; a page or section of this site, https:, mailto:, tel: or '#'.
 * - `missingPage`: an address on this site that is deliberately no page.
 * - `phoneNumber`: a phone number as visitors read it, read with site.phoneCountry.
 * - `emailAddress`, `siteAddress`, `securityContact`: addresses that must not stay examples.
 * - `year`: a copyright year, from 1991 to next year.
 * - `image`: a file in public/.
 * - `description`: a text for search results, no longer than they show.
 * - `registrationNumber`: a regulator's number for the bank, not the all-zero placeholder.
 * - `expiry`: when a file goes stale, under a year ahead and not yet passed.
 */
export type FieldKind =
  | 'link'
  | 'missingPage'
  | 'phoneNumber'
  | 'emailAddress'
  | 'siteAddress'
  | 'securityContact'
  | 'year'
  | 'image'
  | 'description'
  | 'registrationNumber'
  | 'expiry';
/** Each field schema's kind, for the content check to find as it walks the schema. */
export const fieldKinds = z.registry<{ kind: FieldKind }>();
/** A copy of a field schema marked with its kind; copies made from it keep the kind. */
const ofKind = <T extends z.ZodType>(kind: FieldKind, schema: T): T => {
  const copy = schema.clone();
  fieldKinds.add(copy, { kind });
  return copy;
};

/** Where a link goes: a page here ('/south-africa#contact'), https://, mailto:, tel:, or '#'. */
export const linkAddress = () => ofKind('link', noInvisibleCharacters);
/** An address on this site that is no page, like '/this-page-does-not-exist'. */
export const missingPageAddress = () => ofKind('missingPage', noInvisibleCharacters);
/** A phone number as visitors read it: '0808 157 0192', '+44 20 7946 0321'. */
export const phoneNumber = () => ofKind('phoneNumber', noInvisibleCharacters);
/** An e-mail address: 'name@bank.co.za'. */
export const emailAddress = () =>
  ofKind('emailAddress', rule(EMAIL, 'an e-mail address', 'name@bank.co.za'));
const isOrigin = (v: string) => /^https:/.test(v) && URL.canParse(v) && new URL(v).origin === v;
/** A site's https:// address with nothing after the host: 'https://www.bank.co.za'. */
export const siteAddress = () =>
  ofKind(
    'siteAddress',
    rule(isOrigin, 'an https:// address with nothing after the host', 'https://a.za'),
  );
const isContactUri = (v: string) =>
  v.startsWith('mailto:') ? EMAIL.test(v.slice(7)) : /^https:\/\/[^/]/.test(v) && URL.canParse(v);
/** Where to report a security problem: a mailto: link or an https:// page. */
export const securityContact = () =>
  ofKind(
    'securityContact',
    rule(isContactUri, 'a mailto: or https:// address', 'mailto:security@bank.co.za'),
  );
/** A year, as a number: 2025. */
export const year = () => ofKind('year', z.int());
/** A file under public/, from its folder, like '/images/hero.svg'. */
export const publicImage = () => ofKind('image', noInvisibleCharacters);
/** One or two sentences for search results and share cards, with these placeholders. */
export const description = (offers = '') => ofKind('description', readableText(offers));
/** A regulator's number for the bank: digits as `pattern` allows, named `what`. */
export const registrationNumber = (pattern: RegExp, what: string, example: string) =>
  ofKind('registrationNumber', rule(pattern, what, example));
/** A date and time in UTC, as RFC 3339 writes it, whole seconds: 2027-11-23T00:00:00Z. */
const UTC = z.regexes.datetime({ precision: 0 });
/** When something goes stale, in UTC: '2027-11-23T00:00:00Z'. */
export const expiry = () =>
  ofKind('expiry', rule(UTC, 'a date and time in UTC', '2027-11-23T00:00:00Z'));

const link = z.strictObject({
  /** Visible text of the link. */
  label: text,
  /** Where it goes: a page here ('/south-africa#contact'), https://, mailto:, tel:, or '#' until it exists. */
  href: linkAddress(),
});
const buttonLink = link.extend({
  /** 'primary' is filled with the brand colour; 'secondary' is outlined. */
  variant: z.enum(['primary', 'secondary']),
});
const navItem = link.extend({
  /** Stable identifier, used to mark the current section; lower-case with dashes. */
  id: slug,
});
const navItems = z.array(navItem).readonly();
const paragraphText = readableText('{minimumPortfolio} {licence} {complaints}');
const paragraph = paragraphText.or(z.array(paragraphText.or(link)));

const pixels = z.int().refine((n) => n > 0, 'must be a number of pixels above 0');
const image = z.strictObject({
  /** File under public/, from its folder, like '/images/hero.svg'. */
  src: publicImage(),
  /** What the image shows, read aloud to screen-reader users; '' for a purely decorative image. */
  alt: readableText('', { blank: true }),
  /** Width of the file in pixels (stops the page jumping while it loads). */
  width: pixels,
  /** Height of the file in pixels. */
  height: pixels,
});
const footer = {
  /** Year in the footer's copyright line; the content check holds it from 1991 to next year. */
  copyrightYear: year(),
};

/** Brand, shared interface words and site-wide settings: content/site.ts. */
const site = z.strictObject({
  /** The site's https:// address, nothing after the host; SITE_URL overrides it in a build. */
  url: siteAddress(),
  /** The bank's name, written only here: other texts say {name}. */
  name: text,
  /** The division this site belongs to, shown under the name in the logo; other texts say {division}. */
  division: text,
  /** What screen readers say for the logo link; it starts with the logo's words, '{name} {division}'. */
  logoLabel: readableText('{name} {division}').refine(
    (v) => v.startsWith('{name} {division}'),
    "must start with '{name} {division}', the words the logo shows",
  ),
  /** Where the logo leads. */
  logoHref: linkAddress(),
  /** Text of the link that lets keyboard users jump past the header. */
  skipLink: text,
  /** Added (invisibly) to links that open a new tab, so screen-reader users know. */
  newTabNotice: text,
  /** Browser-tab title of every page. Placeholders: {page} {division} {name}. */
  pageTitle: readableText('{page} {division} {name}'),
  /** Copyright line in footers. Placeholders: {year} {name}. */
  copyright: readableText('{year} {name}'),
  /** Language of every page, like 'en-GB': screen readers choose their voice by it. */
  language,
  /** The picture shown when a page is shared, 1200 × 630 pixels. */
  shareImage: image.extend({
    /** File under public/, drawn from the content by `npm run images`. */
    src: image.shape.src,
    /** What the picture shows, for screen readers and share cards. Placeholders: {name} {division}. */
    alt: readableText('{name} {division}'),
  }),
  /** Country whose dialling rules read numbers written without +, as a two-letter code. */
  phoneCountry: country,
});

const phoneLine = z.strictObject({
  /** Who the line is for, shown before the number, e.g. 'From the UK'. */
  label: text,
  /** The number as visitors read it: '0808 157 0192' in the UK, '+44 20 7946 0321' from abroad. */
  phone: phoneNumber(),
});

/** Every phone number and e-mail address of the site, each written once: content/contact.ts. */
const contact = z.strictObject({
  /** Mailbox for general enquiries from clients in South Africa. */
  generalEmail: emailAddress(),
  /** The two phone lines for online banking issues, in the order shown. */
  onlineBankingLines: z.tuple([phoneLine, phoneLine]),
  /** Mailbox for online banking issues. */
  onlineBankingEmail: emailAddress(),
  /** Number offered for help on the not-found page, read with site.phoneCountry unless it has +. */
  helpPhone: phoneNumber(),
  /** When the teams above answer. */
  hours: z
    .strictObject({
      /** First day of the working week. */
      from: z.enum(WEEKDAYS),
      /** Last day of the working week. */
      to: z.enum(WEEKDAYS),
      /** Opening time, 24-hour 'HH:MM', in `timeZone`. */
      opens: time,
      /** Closing time, 24-hour 'HH:MM', in `timeZone`. */
      closes: time,
      /** Time zone of `opens` and `closes`, an IANA name such as 'UTC' or 'Africa/Johannesburg'. */
      timeZone,
      /** How the hours read; {localOpens} {localCloses} are worked out in the office's {office} zone. Placeholders: {opens} {closes} {timeZone} {from} {to} {localOpens} {localCloses} {office}. */
      text: readableText(
        '{opens} {closes} {timeZone} {from} {to} {localOpens} {localCloses} {office}',
      ),
    })
    .refine((h) => ![h.opens, h.closes].every((t) => TIME.test(t)) || h.opens < h.closes, {
      path: ['closes'],
      error: 'is not after opens: the team must open before it closes',
    }),
});

/** The two navigation bars of the Private Bank site: content/navigation.ts. */
const navigation = z.strictObject({
  /** Accessible name of the top bar of group websites. */
  groupLabel: text,
  /** Text of the button that opens the top bar on small screens. */
  groupMenu: text,
  /** Links to the group's websites, in order. */
  group: navItems,
  /** Id of the group item that is this website. */
  groupCurrent: slug,
  /** The 'Log in' button of the top bar. */
  logIn: buttonLink,
  /** Links after 'Log in', in order. */
  service: navItems,
  /** Accessible name of the main navigation. */
  mainLabel: text,
  /** Text of the button that opens the main navigation on small screens. */
  mainMenu: text,
  /** Sections of the Private Bank site, in order. */
  main: navItems,
  /** Text of the button that closes either menu on small screens. */
  closeMenu: text,
});

/** The page at '/': content/home.ts. */
const home = z.strictObject({
  /** Browser-tab title and the page's only heading. */
  title: text,
  /** One or two sentences for search results and share cards. Placeholders: {name} {division}. */
  description: description('{name} {division}'),
  /** Sentence under the heading. */
  lead: text,
  /** Link to the South Africa office, opened in a new tab. */
  officeLink: buttonLink,
  /** Button to an address that is not a page, to show the not-found page. */
  brokenLink: buttonLink.extend({
    /** An address on this site that is no page, like '/this-page-does-not-exist'. */
    href: missingPageAddress(),
  }),
  ...footer,
});

/** A section or card that /south-africa#id leads to. */
const anchored = {
  /** Stable identifier, the section's anchor (#id); lower-case with dashes. */
  id: slug,
  /** Heading of the section. */
  heading: text,
};
const section = {
  ...anchored,
  /** Paragraphs, in order: 'Plain text', or with links, a list: ['Please ', { label: 'contact us', href: '/south-africa#contact' }, '.']. Placeholders: {minimumPortfolio}, and the footer's {licence} and {complaints}. */
  paragraphs: z.array(paragraph),
};

/** The South Africa country page: content/south-africa.ts. */
const countryPage = z.strictObject({
  /** Browser-tab title and the hero's heading. */
  title: text,
  /** One or two sentences for search results and share cards. */
  description: description(),
  /** The office, as search engines are told about it. */
  office: z.strictObject({
    /** The office's name. Placeholders: {name} {division}. */
    name: readableText('{name} {division}'),
    /** City. */
    locality: text,
    /** Country, as a two-letter ISO 3166 code ('ZA'). */
    country,
    /** The office's time zone ('Africa/Johannesburg'); search engines read opening hours in it. */
    timeZone,
  }),
  /** Id of the main-navigation item this page belongs to (see content/navigation.ts). */
  section: slug,
  /** Accessible name of the 'Back to:' trail. */
  breadcrumbLabel: text,
  /** The 'Back to:' line. Placeholders: {parent} (the link to the page one level up). */
  backTo: readableText('{parent}'),
  /** The page one level up. */
  parent: link,
  /** Picture behind the hero heading. */
  hero: image,
  /** Smallest portfolio the Private Bank accepts, as written; '\u00a0' keeps '£5 million' together. */
  minimumPortfolio: text,
  /** Opening paragraphs. Placeholders: {minimumPortfolio} {licence} {complaints}. */
  intro: section.paragraphs,
  /** Sections between the intro and the contact cards, in order. */
  sections: z.array(z.strictObject(section)),
  /** The 'Contact your local team' section. */
  contact: z.strictObject({
    ...anchored,
    /** Card for prospective clients. */
    prospects: z.strictObject({
      ...section,
      /** 'Request a call back': an e-mail to general enquiries with this subject and body, or `href`. */
      callBack: buttonLink.extend({
        /** A page for call-back requests, once there is one; until then the e-mail below. */
        href: linkAddress().optional(),
        /** Subject of the e-mail. */
        subject: text,
        /** Text of the e-mail, ready for the visitor to complete; '\n' starts a new line. */
        body: text,
      }),
    }),
    /** Card for existing clients. */
    clients: z.strictObject({
      ...section,
      /** Heading above the general enquiries e-mail. */
      generalHeading: text,
      /** Heading above the online banking phone lines and e-mail. */
      onlineHeading: text,
      /** How each online banking phone line reads. Placeholders: {label} {phone}. */
      phoneLine: readableText('{label} {phone}'),
      /** The line with the online banking e-mail address. Placeholders: {email}. */
      emailLine: readableText('{email}'),
      /** Heading above the opening hours. */
      hoursHeading: text,
    }),
    /** The warning against fraudsters who pretend to be the bank, under the contact cards. */
    scamWarning: z.strictObject({
      /** Its heading. */
      heading: text,
      /** What the bank never asks for, and what to do instead; one text per paragraph. */
      paragraphs: z.array(text),
    }),
  }),
  /** The 'Important information' section. */
  important: z.strictObject(section),
  ...footer,
});

/** A page that tells the visitor something went wrong. */
const statusPage = {
  /** Browser-tab title. */
  title: text,
  /** The heading. */
  heading: text,
  /** Sentence under the heading. */
  message: text,
  /** Button back to the homepage. */
  home: buttonLink,
  ...footer,
};

/** The page shown for any address that does not exist: content/not-found.ts. */
const notFound = z.strictObject({
  ...statusPage,
  /** Sentence for the page's meta description. */
  description: description(),
  /** First line of the heading, above `heading`. */
  exclamation: text,
  /** Text of the button that goes back one page. */
  back: text,
  /** The help line under the buttons. Placeholders: {phone} {helpCentre}. */
  help: readableText('{phone} {helpCentre}'),
  /** The help centre link. */
  helpCentre: link,
  /** Warning written to the browser console, followed by the address that was not found. */
  consoleMessage: text,
});

const REGULATORS = /\b(PRA|FCA|FSCA|JFSC|GFSC|IOMFSA|FSA)\b/;
/** A statutory text: it must say each of these words in full, and none of the abbreviations. */
const statutory = (offers: string, must: string[], never = REGULATORS) =>
  readableText(offers).superRefine((value, ctx) => {
    const missing = must.filter((words) => !value.includes(words)).map((words) => `"${words}"`);
    const message = `must say ${missing.join(' and ')}, as the regulations word it`;
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message });
    const short = never.exec(value)?.[0];
    const inFull = `abbreviates a regulator's name (${short}): write the name in full`;
    if (short) ctx.addIssue({ code: 'custom', message: inFull });
  });

/** The legal and regulatory block in the footer of every page: content/legal.ts. */
const legal = z.strictObject({
  /** Heading of the block, read by screen readers. */
  heading: text,
  /** The bank's financial services provider number under South Africa's FAIS Act, digits only. */
  fspNumber: registrationNumber(/^\d{1,6}$/, 'an FSP number', '12345'),
  /** The FAIS licence statement. Placeholders: {name} {fspNumber}. */
  licence: statutory('{name} {fspNumber}', [
    'authorised financial services provider',
    'FSP No. {fspNumber}',
  ]),
  /** The bank's number on the UK Financial Services Register, digits only. */
  firmReference: registrationNumber(/^\d{6,7}$/, 'a Financial Services Register number', '123456'),
  /** The UK status line, in the words the FCA's GEN 4 prescribes. Placeholders: {name} {firmReference}. */
  ukStatus: statutory('{name} {firmReference}', [
    'Prudential Regulation Authority',
    'Financial Conduct Authority',
    '{firmReference}',
  ]),
  /** The Jersey branch: its regulator and its deposit scheme. Placeholders: {name}. */
  jersey: statutory('{name}', [
    'Jersey Financial Services Commission',
    'Jersey Bank Depositors Compensation Scheme',
  ]),
  /** The Guernsey branch: its regulator and its deposit scheme. Placeholders: {name}. */
  guernsey: statutory('{name}', [
    'Guernsey Financial Services Commission',
    'Guernsey Banking Deposit Compensation Scheme',
  ]),
  /** The Isle of Man branch: its regulator and its deposit scheme. Placeholders: {name}. */
  isleOfMan: statutory('{name}', [
    'Isle of Man Financial Services Authority',
    'Depositors’ Compensation Scheme',
  ]),
  /** Where complaints go after the bank: the FAIS Ombud, named in full. */
  complaints: statutory('', ['Ombud for Financial Services Providers'], /\b(FSCA|FSA)\b/),
  /** The cookie statement, as short as the truth: this site sets no cookies. */
  cookies: text,
  /** Accessible name of the list of legal pages. */
  linksLabel: text,
  /** Links to the privacy notice, PAIA manual, complaints, cookie and accessibility statements. */
  links: z.strictObject({
    /** The privacy notice (POPIA). */
    privacy: link,
    /** The access-to-information manual that PAIA section 51 requires. */
    paia: link,
    /** How to complain. */
    complaints: link,
    /** The cookie statement. */
    cookies: link,
    /** The accessibility statement. */
    accessibility: link,
  }),
});

/** What shows when the site fails while running in the browser: content/error-page.ts. */
const errorPage = z.strictObject(statusPage);

const isLanguageCode = (v: string) => /^[a-z]{2,3}(-[A-Z]{2})?$/.test(v) && !!languages.of(v);

/** The site's security.txt (RFC 9116), served at /.well-known/security.txt: content/security-txt.ts. */
const securityTxt = z.strictObject({
  /** Where to report a security problem: a mailto: link or an https:// page (its Contact line). */
  contact: securityContact(),
  /** When the file goes stale, in UTC, under a year ahead; the build stops once it has passed. */
  expires: expiry(),
  /** Languages a report may be written in, as language tags, in order of preference: ['en']. */
  preferredLanguages: z.array(rule(isLanguageCode, 'a language tag', 'en')).min(1),
});

/**
 * The schema of all content, by the name each file exports its part under; the content check parses
 * the content files with it.
 */
export const contentSchema = z.strictObject({
  site,
  contact,
  navigation,
  legal,
  home,
  southAfrica: countryPage,
  notFound,
  errorPage,
  securityTxt,
});

/** All content, by the name each file exports it under: `satisfies Content['home']`. */
export type Content = z.infer<typeof contentSchema>;
/** A link drawn as a button: its label, where it goes, and whether it is filled or outlined. */
export type ButtonLink = z.infer<typeof buttonLink>;
/** A paragraph: 'Plain text', or with links in it, a list of texts and links. */
export type Paragraph = z.infer<typeof paragraph>;
