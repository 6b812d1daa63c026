/**
 * What the content files hold: the shape of each, every field's type and what it is for (hover a
 * field in your editor to read it). Each field gets its rule from ./text-rules.ts or, for a kind of
 * field beyond plain text (a time, a link, a phone number…), from ./field-kinds.ts; rules that weigh
 * fields against each other, the pages or public/ are the content check's
 * (scripts/build/content-rules.ts). `npm run content:check` applies them all. The shapes that
 * components draw are exported as named types (a hero image, a text section, a contact block…).
 */
import { z } from 'zod';
import {
  country,
  description,
  emailAddress,
  expiry,
  languageCode,
  languageTag,
  linkAddress,
  missingPageAddress,
  multilineText,
  phoneNumber,
  publicImage,
  registrationNumber,
  securityContact,
  siteAddress,
  slug,
  statutory,
  time,
  TIME,
  timeZone,
  year,
} from './field-kinds';
import { readableText } from './text-rules';

export { fieldKinds, type FieldKind } from './field-kinds';

/** The days of the week, as schema.org and visitors know them. */
// prettier-ignore
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const text = readableText();

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
  /** Stable identifier, used to mark the item the page belongs to; lower-case with dashes. */
  id: slug(),
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
  logoAccessibleName: readableText('{name} {division}').refine(
    (v) => v.startsWith('{name} {division}'),
    "must start with '{name} {division}', the words the logo shows",
  ),
  /** Where the logo leads. */
  logoHref: linkAddress(),
  /** Text of the link that lets keyboard users jump past the header. */
  skipLink: text,
  /** Added (invisibly) to links that open a new tab, so screen-reader users know. */
  newTabNotice: text,
  /** Browser-tab title of every page. Slots: {page} {division} {name}. */
  pageTitle: readableText('{page} {division} {name}'),
  /** Copyright line in footers. Slots: {year} {name}. */
  copyright: readableText('{year} {name}'),
  /** Language of every page, like 'en-GB': screen readers choose their voice by it. */
  language: languageTag(),
  /** The picture shown when a page is shared, 1200 × 630 pixels. */
  shareImage: image.extend({
    /** File under public/, drawn from the content by `npm run images`. */
    src: image.shape.src,
    /** What the picture shows, for screen readers and share cards. Slots: {name} {division}. */
    alt: readableText('{name} {division}'),
  }),
  /** Country whose dialling rules read numbers written without +, as a two-letter code. */
  phoneCountry: country(),
});

const phoneLine = z.strictObject({
  /** Who the line is for, shown before the number, e.g. 'From the UK'. */
  label: text,
  /** The number as visitors read it: '0808 157 0192' in the UK, '+44 20 7946 0321' from abroad. */
  phone: phoneNumber(),
});

const openingHours = z
  .strictObject({
    /** First day of the working week. */
    from: z.enum(WEEKDAYS),
    /** Last day of the working week. */
    to: z.enum(WEEKDAYS),
    /** Opening time, 24-hour 'HH:MM', in `timeZone` (not necessarily the office's). */
    opens: time(),
    /** Closing time, 24-hour 'HH:MM', in `timeZone` (not necessarily the office's). */
    closes: time(),
    /** Time zone that `opens` and `closes` are written in, an IANA name such as 'UTC' or 'Africa/Johannesburg'. */
    timeZone: timeZone(),
    /** How the hours read; {localOpens} {localCloses} are worked out in the office's {office} zone. Slots: {opens} {closes} {timeZone} {from} {to} {localOpens} {localCloses} {office}. */
    text: readableText(
      '{opens} {closes} {timeZone} {from} {to} {localOpens} {localCloses} {office}',
    ),
  })
  .refine((h) => ![h.opens, h.closes].every((t) => TIME.test(t)) || h.opens < h.closes, {
    path: ['closes'],
    error: 'is not after opens: the team must open before it closes',
  });

/** Every phone number and e-mail address of the site, each written once: content/contact.ts. */
const contactDetails = z.strictObject({
  /** Mailbox for general enquiries from clients in South Africa. */
  generalEmail: emailAddress(),
  /** The two phone lines for online banking issues, in the order shown. */
  onlineBankingLines: z.tuple([phoneLine, phoneLine]),
  /** Mailbox for online banking issues. */
  onlineBankingEmail: emailAddress(),
  /** Number offered for help on the not-found page, read with site.phoneCountry unless it has +. */
  helpPhone: phoneNumber(),
  /** When the teams above answer. */
  hours: openingHours,
});

/** The two navigation bars of the Private Bank site: content/navigation.ts. */
const navigation = z.strictObject({
  /** What screen readers call the top bar of group websites. */
  groupAccessibleName: text,
  /** Text of the button that opens the top bar on small screens. */
  groupMenu: text,
  /** Links to the group's websites, in order. */
  group: navItems,
  /** Id of the group item that is this website. */
  groupCurrent: slug(),
  /** The 'Log in' button of the top bar. */
  logIn: buttonLink,
  /** Links after 'Log in', in order. */
  service: navItems,
  /** What screen readers call the main navigation. */
  mainAccessibleName: text,
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
  /** One or two sentences for search results and share cards. Slots: {name} {division}. */
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
  id: slug(),
  /** Heading of the section. */
  heading: text,
};
const textSectionFields = {
  ...anchored,
  /** Paragraphs, in order: 'Plain text', or with links, a list: ['Please ', { label: 'contact us', href: '/south-africa#contact' }, '.']. Slots: {minimumPortfolio}, and the footer's {licence} and {complaints}. */
  paragraphs: z.array(paragraph),
};
const textSection = z.strictObject(textSectionFields);

/** The office, as search engines are told about it. */
const office = z.strictObject({
  /** The office's name. Slots: {name} {division}. */
  name: readableText('{name} {division}'),
  /** City. */
  locality: text,
  /** Country, as a two-letter ISO 3166 code ('ZA'). */
  country: country(),
  /** The office's time zone ('Africa/Johannesburg'); search engines read opening hours in it. */
  timeZone: timeZone(),
});

/** The 'Contact your local team' section: two cards, then the scam warning. */
const contactBlock = z.strictObject({
  ...anchored,
  /** Card for prospective clients. */
  prospects: z.strictObject({
    ...textSectionFields,
    /** 'Request a call back': an e-mail to general enquiries with this subject and body, or `href`. */
    callBack: buttonLink.extend({
      /** A page for call-back requests, once there is one; until then the e-mail below. */
      href: linkAddress().optional(),
      /** Subject of the e-mail. */
      subject: text,
      /** Text of the e-mail, ready for the visitor to complete; '\n' starts a new line. */
      body: multilineText(),
    }),
  }),
  /** Card for existing clients. */
  clients: z.strictObject({
    ...textSectionFields,
    /** Heading above the general enquiries e-mail. */
    generalHeading: text,
    /** Heading above the online banking phone lines and e-mail. */
    onlineHeading: text,
    /** How each online banking phone line reads. Slots: {label} {phone}. */
    phoneLine: readableText('{label} {phone}'),
    /** The line with the online banking e-mail address. Slots: {email}. */
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
});

/** The South Africa country page: content/south-africa.ts. */
const countryPage = z.strictObject({
  /** Browser-tab title and the hero's heading. */
  title: text,
  /** One or two sentences for search results and share cards. */
  description: description(),
  /** The office, as search engines are told about it. */
  office,
  /** Id of the main-navigation item this page belongs to (see content/navigation.ts). */
  navigationId: slug(),
  /** What screen readers call the 'Back to:' trail. */
  breadcrumbAccessibleName: text,
  /** The 'Back to:' line. Slots: {parent} (the link to the page one level up). */
  backTo: readableText('{parent}'),
  /** The page one level up. */
  parent: link,
  /** Picture behind the hero heading. */
  hero: image,
  /** Smallest portfolio the Private Bank accepts, as written; '\u00a0' keeps '£5 million' together. */
  minimumPortfolio: text,
  /** Opening paragraphs. Slots: {minimumPortfolio} {licence} {complaints}. */
  intro: textSectionFields.paragraphs,
  /** Sections between the intro and the contact cards, in order. */
  sections: z.array(textSection),
  /** The 'Contact your local team' section. */
  contact: contactBlock,
  /** The 'Important information' section. */
  important: textSection,
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
  homeButton: buttonLink,
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
  /** The help line under the buttons. Slots: {phone} {helpCentre}. */
  help: readableText('{phone} {helpCentre}'),
  /** The help centre link. */
  helpCentre: link,
  /** Warning written to the browser console, followed by the address that was not found. */
  consoleMessage: text,
});

/** The legal and regulatory block in the footer of every page: content/legal.ts. */
const legal = z.strictObject({
  /** Heading of the block, read by screen readers. */
  heading: text,
  /** The bank's financial services provider number under South Africa's FAIS Act, digits only. */
  fspNumber: registrationNumber(/^\d{1,6}$/, 'an FSP number', '12345'),
  /** The FAIS licence statement. Slots: {name} {fspNumber}. */
  licence: statutory('{name} {fspNumber}', [
    'authorised financial services provider',
    'FSP No. {fspNumber}',
  ]),
  /** The bank's number on the UK Financial Services Register, digits only. */
  firmReference: registrationNumber(/^\d{6,7}$/, 'a Financial Services Register number', '123456'),
  /** The UK status line, in the words the FCA's GEN 4 prescribes. Slots: {name} {firmReference}. */
  ukStatus: statutory('{name} {firmReference}', [
    'Prudential Regulation Authority',
    'Financial Conduct Authority',
    '{firmReference}',
  ]),
  /** The Jersey branch: its regulator and its deposit scheme. Slots: {name}. */
  jersey: statutory('{name}', [
    'Jersey Financial Services Commission',
    'Jersey Bank Depositors Compensation Scheme',
  ]),
  /** The Guernsey branch: its regulator and its deposit scheme. Slots: {name}. */
  guernsey: statutory('{name}', [
    'Guernsey Financial Services Commission',
    'Guernsey Banking Deposit Compensation Scheme',
  ]),
  /** The Isle of Man branch: its regulator and its deposit scheme. Slots: {name}. */
  isleOfMan: statutory('{name}', [
    'Isle of Man Financial Services Authority',
    'Depositors’ Compensation Scheme',
  ]),
  /** Where complaints go after the bank: the FAIS Ombud, named in full. */
  complaints: statutory('', ['Ombud for Financial Services Providers'], /\b(FSCA|FSA)\b/),
  /** The cookie statement, as short as the truth: this site sets no cookies. */
  cookies: text,
  /** What screen readers call the list of legal pages. */
  linksAccessibleName: text,
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

/** The site's security.txt (RFC 9116), served at /.well-known/security.txt: content/security-txt.ts. */
const securityTxt = z.strictObject({
  /** Where to report a security problem: a mailto: link or an https:// page (its Contact line). */
  contact: securityContact(),
  /** When the file goes stale, in UTC, under a year ahead; the build stops once it has passed. */
  expires: expiry(),
  /** Languages a report may be written in, as language tags, in order of preference: ['en']. */
  preferredLanguages: z.array(languageCode()).min(1),
});

/**
 * The schema of all content, by the name each file exports its part under; the content check parses
 * the content files with it.
 */
export const contentSchema = z.strictObject({
  site,
  contact: contactDetails,
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
/** Brand, shared interface words and site-wide settings. */
export type Site = z.infer<typeof site>;
/** Every phone number and e-mail address, and the opening hours. */
export type ContactDetails = z.infer<typeof contactDetails>;
/** When the teams answer, in the time zone the content gives. */
export type OpeningHours = z.infer<typeof openingHours>;
/** A link: its visible text and where it goes. */
export type Link = z.infer<typeof link>;
/** A link drawn as a button: its label, where it goes, and whether it is filled or outlined. */
export type ButtonLink = z.infer<typeof buttonLink>;
/** An item of a navigation bar: a link with a stable id. */
export type NavItem = z.infer<typeof navItem>;
/** An image in public/, with its text alternative and size. */
export type Image = z.infer<typeof image>;
/** A paragraph: 'Plain text', or with links in it, a list of texts and links. */
export type Paragraph = z.infer<typeof paragraph>;
/** A titled section of paragraphs, with its anchor. */
export type TextSection = z.infer<typeof textSection>;
/** The office of a country page. */
export type Office = z.infer<typeof office>;
/** The 'Contact your local team' section's words: its cards and the scam warning. */
export type ContactBlock = z.infer<typeof contactBlock>;
/** The legal and regulatory block of every footer. */
export type Legal = z.infer<typeof legal>;
