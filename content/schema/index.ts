/**
 * What the content files hold: the shape of each, every field's type and what it is for (hover a
 * field in your editor to read it). Each field gets its rule from ./text-rules.ts or, for a kind of
 * field beyond plain text (a time, a link, a phone number…), from its module in ../kinds/; rules that weigh
 * fields against each other, the pages or public/ are the content check's
 * (scripts/build/content-rules.ts). `npm run content:check` applies them all. The shapes that
 * components draw are exported as named types (a hero image, a text section, a contact block…).
 */
import { z } from 'zod';
import {
  country,
  describedUnlessDecorative,
  description,
  emailAddress,
  expiry,
  languageCode,
  languageTag,
  linkAddress,
  missingPageAddress,
  multilineText,
  phoneNumber,
  pictureSource,
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
} from '../kinds';
import { readableText } from './text-rules';

export { fieldKinds, type FieldKind } from '../kinds';
export { textKinds, type TextKind } from './text-kinds';

/** The days of the week, as schema.org and visitors know them. */
// prettier-ignore
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A line of text; a heading; the words of a button, a link, a menu or a name (./text-kinds.ts). */
const text = readableText();
const heading = readableText('', { kind: 'heading' });
const label = readableText('', { kind: 'label' });

const link = z.strictObject({
  /** The words of the link, as visitors see them. */
  label,
  /**
   * Where the link goes: a page of this site, like '/south-africa', or a part of one, like
   * '/south-africa#contact'; another website, starting with https://; an e-mail address, like
   * 'mailto:name@bank.co.za'; or a phone number, like 'tel:+27115550100'. Write '#' while the page
   * it should lead to does not exist yet.
   * @remarks A link (content/kinds/link.ts): the content check holds each scheme to its rule and an
   *   anchor to a section id of the page it names, and lists '#' as a placeholder to replace before
   *   going live.
   */
  href: linkAddress(),
});
const buttonLink = link.extend({
  /**
   * How the button looks: 'primary' is filled with the brand colour, 'secondary' has only an
   * outline.
   */
  variant: z.enum(['primary', 'secondary']).meta({ title: 'style' }),
});
const navItem = link.extend({
  /**
   * A short name for the item, in lower-case words joined by dashes, like 'private-bank'. Visitors
   * never see it: other fields name the item by it.
   * @remarks navigation.groupCurrent and southAfrica.navigationId name an item by it, to mark it as
   *   the current one; the content check holds that they name one.
   */
  id: slug().meta({ title: 'short name' }),
});
const navItems = z.array(navItem).readonly();
const paragraphText = readableText('{minimumPortfolio} {licence} {complaints}', {
  kind: 'paragraph',
});
const paragraph = paragraphText.or(z.array(paragraphText.or(link)));

const pixels = z.int().refine((n) => n > 0, 'must be a number of pixels above 0');
const imageFields = z.strictObject({
  /**
   * The picture's file in the public folder, written from that folder with a slash first, like
   * '/images/hero.svg'. In the editing view, a picture from your computer is stored there for you.
   * @remarks The content check holds that public/ has the file, and that every server sends it as
   *   a picture.
   */
  src: publicImage(),
  /**
   * What the picture shows, in a few words, read aloud to visitors who cannot see it. Leave it
   * empty ('') for a picture marked as only decoration.
   */
  alt: readableText('', { blank: true, kind: 'pictureDescription' }),
  /**
   * Whether the picture is only decoration, saying nothing the page's words do not: screen readers
   * then pass it by, and it has no description.
   */
  decorative: z.boolean().meta({ title: 'only decoration' }),
  /**
   * Where the picture comes from and under what licence the bank uses it, like 'Photograph by A.
   * Person, bought from an agency under its standard licence'. Visitors do not see it: it is for
   * the bank's records and the next editor.
   */
  source: pictureSource().meta({ title: 'source and licence' }),
  /**
   * The picture's width in pixels, as the file has it.
   * @remarks With the height, it reserves the picture's space, so that the page does not jump while
   *   the file loads.
   */
  width: pixels,
  /** The picture's height in pixels, as the file has it. */
  height: pixels,
});
const image = imageFields.superRefine(describedUnlessDecorative);
const footer = {
  /**
   * The year in the footer's copyright line, like 2025.
   * @remarks The content check holds it from 1991 to next year.
   */
  copyrightYear: year(),
};

/** Brand, shared interface words and site-wide settings: content/site.ts. */
const site = z.strictObject({
  /**
   * The website's address, like 'https://www.bank.co.za', with nothing after the name.
   * @remarks An https origin, no path or trailing slash; SITE_URL overrides it in a build. An
   *   example domain is listed as a placeholder to replace before going live.
   */
  url: siteAddress().meta({ title: 'web address' }),
  /** The bank's name. It is written only here: other texts say {name} where the name belongs. */
  name: label,
  /**
   * The part of the bank this site belongs to, shown under the name in the logo. Other texts say
   * {division} where it belongs.
   */
  division: label,
  /**
   * What screen readers say for the logo, which is a link. It must start with the words the logo
   * shows, {name} {division}, like '{name} {division}, homepage'.
   * @remarks WCAG 2.5.3, label in name: a voice-control user says the visible words to follow the
   *   link.
   */
  logoAccessibleName: readableText('{name} {division}', { kind: 'label' })
    .refine(
      (v) => v.startsWith('{name} {division}'),
      "must start with '{name} {division}', the words the logo shows",
    )
    .meta({ title: "logo's name for screen readers" }),
  /** Where the logo leads, like '/' for this site's homepage. */
  logoHref: linkAddress(),
  /**
   * The words of the link that lets visitors who use a keyboard jump past the menus to the page's
   * content. It shows only when they reach it.
   */
  skipLink: label.meta({ title: 'skip-to-content link' }),
  /** Words added after a link that opens in a new tab, heard only with a screen reader. */
  newTabNotice: label,
  /**
   * The title of every page in the browser's tab and in search results, like '{page} | {division} |
   * {name}'. Slots: {page} (the page's own title), {division} and {name}.
   */
  pageTitle: readableText('{page} {division} {name}', { kind: 'heading' }),
  /**
   * The copyright line at the foot of every page, like '© {year} {name}. All rights reserved.'
   * Slots: {year} and {name}.
   */
  copyright: readableText('{year} {name}'),
  /**
   * The language the pages are written in, with its country, like 'en-GB' for British English.
   * Screen readers choose their voice by it.
   */
  language: languageTag(),
  /**
   * The picture shown when someone shares a page on social media or in a message: 1200 pixels wide
   * and 630 high.
   */
  shareImage: imageFields.omit({ decorative: true }).extend({
    /**
     * The picture's file in the public folder, like '/images/share.png'.
     * @remarks Drawn from the content by npm run images; the content check lists it to redraw when
     *   its words have changed.
     */
    src: imageFields.shape.src,
    /**
     * What the picture shows, read aloud to visitors who cannot see it and shown when the picture
     * does not load. Slots: {name} {division}.
     */
    alt: readableText('{name} {division}', { kind: 'pictureDescription' }),
  }),
  /**
   * The country whose phone numbers are written without a country code, as its two-letter code,
   * like 'GB' for the United Kingdom or 'ZA' for South Africa. A number that starts with + says its
   * own country, and a phone line may name another.
   * @remarks The libphonenumber region that reads every phone field's national numbers, for the
   *   tel: links, the structured data and the check, unless a phone line names its own country.
   */
  phoneCountry: country().meta({ title: 'country of the phone numbers' }),
});

const phoneLine = z.strictObject({
  /** Who the line is for, shown before the number, like 'From the UK'. */
  label,
  /**
   * The number as visitors read and dial it, like '0808 157 0192' from the UK or '+44 20 7946 0321'
   * from abroad.
   * @remarks Read with the line's country, else site.phoneCountry, unless it starts with +; the
   *   tel: link and the structured data are worked out from it. Ofcom's drama range is listed as a
   *   placeholder to replace before going live.
   */
  phone: phoneNumber(),
  /**
   * The country whose callers dial the number as it is written, as its two-letter code, like 'ZA'
   * for '011 535 4000' dialled in South Africa. Leave it out for the site's country of the phone
   * numbers.
   * @remarks The libphonenumber region that reads the line's phone, in place of site.phoneCountry.
   */
  country: country().optional().meta({ title: "callers' country" }),
});

const openingHours = z
  .strictObject({
    /** The first day of the week the team answers, like 'Monday'. */
    from: z.enum(WEEKDAYS),
    /** The last day of the week the team answers, like 'Friday'. */
    to: z.enum(WEEKDAYS),
    /**
     * The time the team starts answering, on a 24-hour clock, like '09:00', in the time zone chosen
     * below.
     * @remarks Validated by TIME (HH:MM); the schema holds that it comes before closes.
     */
    opens: time(),
    /**
     * The time the team stops answering, on a 24-hour clock, like '17:30', in the time zone chosen
     * below. It must be later than the opening time.
     * @remarks Validated by TIME (HH:MM); the schema holds that it comes after opens.
     */
    closes: time(),
    /**
     * The time zone the opening and closing times are written in: 'UTC', or a place's zone such as
     * 'Africa/Johannesburg' or 'Europe/London'. The page also shows the times in the office's own
     * zone, worked out from these.
     * @remarks An IANA time zone name, or 'UTC'; lib/hours.ts converts opens and closes to
     *   office.timeZone for {localOpens} and {localCloses}.
     */
    timeZone: timeZone(),
    /**
     * How the opening hours read on the page, like '{opens} to {closes} {timeZone}, {from} to
     * {to}'. Slots: {opens} {closes} {timeZone} {from} {to}, as written above, {localOpens}
     * {localCloses}, the same times in the office's own time zone, and {office}, the office's city.
     */
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
  /**
   * The e-mail address for general enquiries from clients in South Africa, like 'name@bank.co.za'.
   * @remarks An example.com address is listed as a placeholder to replace before going live.
   */
  generalEmail: emailAddress(),
  /** The two phone lines for online banking problems, in the order the page shows them. */
  onlineBankingLines: z.tuple([phoneLine, phoneLine]),
  /** The e-mail address for online banking problems. */
  onlineBankingEmail: emailAddress(),
  /**
   * The number offered for help on the page shown when a page is not found, like '0808 157 0192',
   * or with + and the country code from abroad.
   * @remarks Read with site.phoneCountry unless it starts with +.
   */
  helpPhone: phoneNumber(),
  /** When the teams above answer: the days, the times and how they read. */
  hours: openingHours,
});

/** The two navigation bars of the Private Bank site: content/navigation.ts. */
const navigation = z.strictObject({
  /** What screen readers call the top bar, which links to the group's other websites. */
  groupAccessibleName: label.meta({ title: "top bar's name for screen readers" }),
  /** The words of the button that opens the top bar on small screens. */
  groupMenu: label.meta({ title: "top bar's menu button" }),
  /** The links to the group's websites, in the order they show. */
  group: navItems.meta({ title: 'top bar', 'x-item': 'top bar link' }),
  /**
   * Which link of the top bar is this website, named by its id, like 'private-bank'.
   * @remarks The content check holds that it is the id of an item of group.
   */
  groupCurrent: slug().meta({ title: "this site's link in the top bar" }),
  /** The 'Log in' button of the top bar. */
  logIn: buttonLink.meta({ title: 'log in button' }),
  /** The links after 'Log in', in the order they show. */
  service: navItems.meta({ title: 'links after log in', 'x-item': 'link after log in' }),
  /** What screen readers call the main menu. */
  mainAccessibleName: label.meta({ title: "main menu's name for screen readers" }),
  /** The words of the button that opens the main menu on small screens. */
  mainMenu: label.meta({ title: "main menu's button" }),
  /** The main menu's links to the parts of the Private Bank site, in the order they show. */
  main: navItems.meta({ title: 'main menu', 'x-item': 'main menu link' }),
  /** The words of the button that closes either menu on small screens. */
  closeMenu: label.meta({ title: "menus' close button" }),
});

/** The page at '/': content/home.ts. */
const home = z.strictObject({
  /** The page's title in the browser's tab, and its only heading. */
  title: heading,
  /**
   * One or two sentences that search results and shared links show under the title, up to 160
   * letters. Slots: {name} {division}.
   * @remarks The content check counts the letters with the slots filled in.
   */
  description: description('{name} {division}'),
  /** The sentence under the heading. */
  lead: text.meta({ title: 'sentence under the heading' }),
  /** The button to the South Africa office's page, which opens in a new tab. */
  officeLink: buttonLink,
  /**
   * A button to an address where there is no page, to show visitors the page they would see there.
   */
  brokenLink: buttonLink.extend({
    /**
     * An address on this site where there is no page, like '/this-page-does-not-exist'.
     * @remarks The content check holds that it starts with / and is not one of the exported pages.
     */
    href: missingPageAddress(),
  }),
  ...footer,
});

/** A section or card that /south-africa#id leads to. */
const anchored = {
  /**
   * A short name for the section, in lower-case words joined by dashes, like 'contact-us'. Links
   * lead to the section by it: '/south-africa#contact-us'.
   * @remarks The section's HTML id; the content check holds that ids differ and that links name one
   *   that exists.
   */
  id: slug().meta({ title: 'short name' }),
  /** The section's heading, shown above its paragraphs. */
  heading,
};
const textSectionFields = {
  ...anchored,
  /**
   * The paragraphs, in order. A paragraph with links in it is made of pieces, in reading order: its
   * texts, and its links, each with its words and where it goes. Slots: {minimumPortfolio}, and the
   * footer's {licence} and {complaints}.
   * @remarks Each paragraph is a text, 'Like this.', or a list of texts and links: ['Please ', {
   *   label: 'contact us', href: '/south-africa#contact' }, '.'].
   */
  paragraphs: z.array(paragraph),
};
const textSection = z.strictObject(textSectionFields);

/** The office, as search engines are told about it. */
const office = z.strictObject({
  /** The office's name, as search engines show it. Slots: {name} {division}. */
  name: readableText('{name} {division}', { kind: 'label' }),
  /** The city the office is in. */
  locality: label.meta({ title: 'city' }),
  /**
   * The country the office is in, as its two-letter code, like 'ZA' for South Africa.
   * @remarks ISO 3166-1 alpha-2, for schema.org's addressCountry.
   */
  country: country(),
  /**
   * The office's own time zone, like 'Africa/Johannesburg'. The opening hours are shown in it too,
   * and search engines read them in it.
   * @remarks An IANA time zone name; schema.org's openingHours are given in it.
   */
  timeZone: timeZone(),
});

/** The 'Contact your local team' section: two cards, then the scam warning. */
const contactBlock = z.strictObject({
  ...anchored,
  /** The card for people who are not clients yet. */
  prospects: z
    .strictObject({
      ...textSectionFields,
      /**
       * The 'Request a call back' button. Until a page for it exists, it opens an e-mail to general
       * enquiries, with the subject and text below.
       */
      callBack: buttonLink.extend({
        /**
         * The address of a page for call-back requests, once there is one. Leave it out until then,
         * and the button opens the e-mail below.
         */
        href: linkAddress().optional(),
        /** The subject of the e-mail. */
        subject: heading,
        /**
         * The text of the e-mail, ready for the visitor to complete. Write \n where a new line
         * starts.
         */
        body: multilineText().meta({ title: 'e-mail text' }),
      }),
    })
    .meta({ title: 'card for new clients' }),
  /** The card for existing clients. */
  clients: z.strictObject({
    ...textSectionFields,
    /** The heading above the general enquiries e-mail address. */
    generalHeading: heading,
    /** The heading above the online banking phone lines and e-mail address. */
    onlineHeading: heading,
    /**
     * How each online banking phone line reads, like '{label}: {phone}'. Slots: {label} {phone}.
     */
    phoneLine: readableText('{label} {phone}'),
    /**
     * The line with the online banking e-mail address, like 'Or e-mail {email}'. Slots: {email}.
     */
    emailLine: readableText('{email}'),
    /** The heading above the opening hours. */
    hoursHeading: heading,
  }),
  /** The warning against fraudsters who pretend to be the bank, under the contact cards. */
  scamWarning: z.strictObject({
    /** The warning's heading, shown above its paragraphs. */
    heading,
    /** What the bank never asks for, and what to do instead; one text per paragraph. */
    paragraphs: z.array(readableText('', { kind: 'paragraph' })),
  }),
});

/** The South Africa country page: content/south-africa.ts. */
const countryPage = z.strictObject({
  /** The page's title in the browser's tab, and the heading on its picture. */
  title: heading,
  /**
   * One or two sentences that search results and shared links show under the title, up to 160
   * letters.
   */
  description: description(),
  /** The office, as search engines are told about it. */
  office,
  /**
   * Which link of the main menu this page belongs to, named by its id, like 'locations'.
   * @remarks The content check holds that it is the id of an item of navigation.main.
   */
  navigationId: slug().meta({ title: 'main menu link it belongs to' }),
  /** What screen readers call the 'Back to:' line. */
  breadcrumbAccessibleName: label.meta({ title: "'Back to:' line's name for screen readers" }),
  /** The 'Back to:' line above the heading. Slots: {parent}, the link to the page one level up. */
  backTo: readableText('{parent}', { kind: 'label' }),
  /** The page one level up, which the 'Back to:' line links to. */
  parent: link.meta({ title: 'page one level up' }),
  /** The picture behind the page's heading. */
  hero: image.meta({ title: 'picture at the top' }),
  /**
   * The smallest portfolio the Private Bank accepts, as the page writes it, like '£5 million'.
   * Other texts of the page say {minimumPortfolio}.
   * @remarks Write '\u00a0' (a no-break space) between '£5' and 'million' to keep them on one line.
   */
  minimumPortfolio: label,
  /**
   * The opening paragraphs, under the heading. Slots: {minimumPortfolio} {licence} {complaints}.
   */
  intro: textSectionFields.paragraphs.meta({
    title: 'opening paragraphs',
    'x-item': 'opening paragraph',
  }),
  /** The sections between the opening paragraphs and the contact cards, in order. */
  sections: z.array(textSection),
  /** The 'Contact your local team' section. */
  contact: contactBlock,
  /** The 'Important information' section. */
  important: textSection.meta({ title: 'important information' }),
  ...footer,
});

/** A page that tells the visitor something went wrong. */
const statusPage = {
  /** The page's title in the browser's tab. */
  title: heading,
  /** The page's main heading, shown above the sentence under it. */
  heading,
  /** The sentence under the heading. */
  message: text,
  /** The button back to the homepage. */
  homeButton: buttonLink,
  ...footer,
};

/** The page shown for any address that does not exist: content/not-found.ts. */
const notFound = z.strictObject({
  ...statusPage,
  /** One sentence about the page for search results. */
  description: description(),
  /** The first line of the heading, above it, like 'Oops!'. */
  exclamation: heading.meta({ title: 'line above the heading' }),
  /** The words of the button that goes back to the page before. */
  back: label.meta({ title: 'back button' }),
  /**
   * The help line under the buttons. Slots: {phone} (the help number) and {helpCentre} (the link to
   * the help centre).
   */
  help: readableText('{phone} {helpCentre}').meta({ title: 'help line' }),
  /** The link to the help centre. */
  helpCentre: link,
  /**
   * A note for developers, shown in the browser's console with the address that was not found.
   * Visitors do not see it.
   */
  consoleMessage: text.meta({ title: 'note for developers' }),
});

/** The legal and regulatory block in the footer of every page: content/legal.ts. */
const legal = z.strictObject({
  /** The heading of the legal block at the foot of every page, read only by screen readers. */
  heading,
  /**
   * The bank's number as a financial services provider (FSP) in South Africa, digits only, like
   * '12345'.
   * @remarks Under the FAIS Act; the all-zero placeholder is listed to replace before going live.
   */
  fspNumber: registrationNumber(/^\d{1,6}$/, 'an FSP number', '12345').meta({
    title: 'FSP number',
  }),
  /**
   * The statement that the bank is an authorised financial services provider in South Africa, in
   * the words the regulations require. Slots: {name} {fspNumber}.
   * @remarks The FAIS licence disclosure: the content check holds that it says 'authorised
   *   financial services provider' and 'FSP No. {fspNumber}'.
   */
  licence: statutory('{name} {fspNumber}', [
    'authorised financial services provider',
    'FSP No. {fspNumber}',
  ]),
  /**
   * The bank's number on the UK's Financial Services Register, digits only, like '123456'.
   * @remarks The FCA firm reference number; the all-zero placeholder is listed to replace before
   *   going live.
   */
  firmReference: registrationNumber(
    /^\d{6,7}$/,
    'a Financial Services Register number',
    '123456',
  ).meta({ title: 'firm reference number' }),
  /**
   * The line on how the bank is authorised and regulated in the UK, in the words the regulations
   * require, with regulators' names written in full. Slots: {name} {firmReference}.
   * @remarks The FCA's GEN 4 status disclosure: the content check holds the names of the PRA and
   *   the FCA and the {firmReference} slot.
   */
  ukStatus: statutory('{name} {firmReference}', [
    'Prudential Regulation Authority',
    'Financial Conduct Authority',
    '{firmReference}',
  ]).meta({ title: 'UK regulatory status' }),
  /**
   * The line for the Jersey branch: who regulates it and which scheme protects its deposits, with
   * names written in full. Slots: {name}.
   */
  jersey: statutory('{name}', [
    'Jersey Financial Services Commission',
    'Jersey Bank Depositors Compensation Scheme',
  ]).meta({ title: 'Jersey branch' }),
  /**
   * The line for the Guernsey branch: who regulates it and which scheme protects its deposits, with
   * names written in full. Slots: {name}.
   */
  guernsey: statutory('{name}', [
    'Guernsey Financial Services Commission',
    'Guernsey Banking Deposit Compensation Scheme',
  ]).meta({ title: 'Guernsey branch' }),
  /**
   * The line for the Isle of Man branch: who regulates it and which scheme protects its deposits,
   * with names written in full. Slots: {name}.
   */
  isleOfMan: statutory('{name}', [
    'Isle of Man Financial Services Authority',
    'Depositors’ Compensation Scheme',
  ]).meta({ title: 'Isle of Man branch' }),
  /**
   * Where clients can complain if the bank does not resolve a complaint: the Ombud for Financial
   * Services Providers, named in full.
   * @remarks The FAIS Ombud; the content check holds its full name and refuses the FSCA and FSA
   *   abbreviations.
   */
  complaints: statutory('', ['Ombud for Financial Services Providers'], /\b(FSCA|FSA)\b/),
  /** The cookie statement: this site sets no cookies, so say so briefly. */
  cookies: text.meta({ title: 'cookie note' }),
  /** What screen readers call the list of legal links. */
  linksAccessibleName: label.meta({ title: "links' name for screen readers" }),
  /**
   * The links to the privacy notice, the access-to-information manual, complaints, and the cookie
   * and accessibility statements.
   */
  links: z.strictObject({
    /**
     * The link to the privacy notice, in the footer of every page.
     * @remarks Required by POPIA.
     */
    privacy: link.meta({ title: 'privacy notice' }),
    /**
     * The link to the manual on how to ask the bank for information it holds, in the footer of
     * every page.
     * @remarks The PAIA manual that section 51 of PAIA requires.
     */
    paia: link.meta({ title: 'PAIA manual' }),
    /** The link to the page on how to complain, in the footer of every page. */
    complaints: link.meta({ title: 'complaints page' }),
    /** The link to the cookie statement, in the footer of every page. */
    cookies: link.meta({ title: 'cookie statement' }),
    /** The link to the accessibility statement, in the footer of every page. */
    accessibility: link.meta({ title: 'accessibility statement' }),
  }),
});

/** What shows when the site fails while running in the browser: content/error-page.ts. */
const errorPage = z.strictObject(statusPage);

/** The site's security.txt (RFC 9116), served at /.well-known/security.txt: content/security-txt.ts. */
const securityTxt = z.strictObject({
  /**
   * Where to report a security problem: an e-mail address written as 'mailto:security@bank.co.za',
   * or a web page starting with https://.
   * @remarks The Contact line of security.txt (RFC 9116); an example address is listed to replace
   *   before going live.
   */
  contact: securityContact(),
  /**
   * When the file goes out of date, written like '2027-11-23T00:00:00Z' (the date, then the time in
   * UTC). Set it less than a year ahead, and renew it before it passes.
   * @remarks The Expires line of security.txt (RFC 9116): the build stops once it has passed, and
   *   the check warns 30 days before.
   */
  expires: expiry(),
  /**
   * The languages a report may be written in, most preferred first, like ['en'] for English.
   * @remarks The Preferred-Languages line of security.txt: language tags (BCP 47).
   */
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
