/**
 * The shapes of every content module. Editors: hover a field in your editor to read what it is for.
 *
 * `npm run content:check` (it also runs before every build) checks the values by field name:
 * - `phone` or a name ending in `Phone`: a real phone number, written as visitors should read it;
 * - `email` or a name ending in `Email`: an e-mail address;
 * - `href`: a path on this site ('/south-africa'), an https:// address, a mailto:/tel: link, or '#' while the
 *   destination does not exist yet;
 * - `url`: the site's own address, https:// and nothing after the host;
 * - every other text: not blank, and any {placeholder} it uses must be one the field offers.
 */

import type { CountryCode } from 'libphonenumber-js';

/** A link a visitor can follow. */
export type Link = {
  /** Visible text of the link. */
  label: string;
  /** Where it goes: a path on this site ('/south-africa'), an https:// address, or '#' for "not built yet". */
  href: string;
};

/** A link drawn as a button. */
export type ButtonLink = Link & {
  /** 'primary' is filled with the brand colour; 'secondary' is outlined. */
  variant: 'primary' | 'secondary';
};

/** An item of a navigation bar. */
export type NavItem = Link & {
  /** Stable identifier, used to mark the current section; keep it lower-case with dashes. */
  id: string;
};

/** An image. */
export type Image = {
  /** File under public/, starting with '/', e.g. '/images/hero.svg'. */
  src: string;
  /** What the image shows, read aloud to screen-reader users. Use '' only for a purely decorative image. */
  alt: string;
  /** Width of the file in pixels (stops the page jumping while it loads). */
  width: number;
  /** Height of the file in pixels. */
  height: number;
};

/** A phone line. */
export type PhoneLine = {
  /** Who the line is for, shown before the number, e.g. 'From the UK'. */
  label: string;
  /** The number as visitors should read it: '0808 157 0192' for a UK number, '+44 20 7946 0321' from abroad. */
  phone: string;
};

/** Day names, as schema.org and visitors know them. */
export type Weekday =
  'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** When a team answers. */
export type OpeningHours = {
  /** First day of the working week. */
  from: Weekday;
  /** Last day of the working week. */
  to: Weekday;
  /** Opening time, 24-hour 'HH:MM', in `timeZone`. */
  opens: string;
  /** Closing time, 24-hour 'HH:MM', in `timeZone`. */
  closes: string;
  /** Time zone of `opens` and `closes`, as an IANA name such as 'UTC' or 'Africa/Johannesburg'. */
  timeZone: string;
  /** How the hours read on the page. Placeholders: {opens} {closes} {timeZone} {from} {to}. */
  text: string;
};

/** Every phone number and e-mail address of the site, each written once. */
export type Contacts = {
  /** Mailbox for general enquiries from clients in South Africa. */
  generalEmail: string;
  /** The two phone lines for online banking issues, in the order shown. */
  onlineBankingLines: readonly [PhoneLine, PhoneLine];
  /** Mailbox for online banking issues. */
  onlineBankingEmail: string;
  /** Number offered for help on the not-found page. */
  helpPhone: string;
  /** When the teams above answer. */
  hours: OpeningHours;
};

/** Brand, shared interface words and site-wide settings. */
export type Site = {
  /** The site's address, used for canonical links, the sitemap and share cards ('https://…', no path). The SITE_URL environment variable overrides it at build time. */
  url: string;
  /** The bank's name, as shown in the logo, titles and copyright lines. */
  name: string;
  /** The division this site belongs to, shown under the name in the logo. */
  division: string;
  /** Accessible name of the logo link, read by screen readers. */
  logoLabel: string;
  /** Where the logo leads. */
  logoHref: string;
  /** Text of the link that lets keyboard users jump past the header. */
  skipLink: string;
  /** Added (invisibly) to links that open a new tab, so screen-reader users know. */
  newTabNotice: string;
  /** Browser-tab title of every page. Placeholders: {page} {division} {name}. */
  pageTitle: string;
  /** Copyright line in footers. Placeholders: {year} {name}. */
  copyright: string;
  /** Language of every page, as a BCP 47 tag ('en-GB'): screen readers choose their voice by it. */
  language: string;
  /** The picture shown when a page is shared in a message or on social media (1200 × 630 pixels). */
  shareImage: Image;
  /** Country whose dialling rules read numbers written without +, as a two-letter code ('GB'). */
  phoneCountry: CountryCode;
};

/** The pieces of one block of text that contains links: plain text and links, in reading order. */
export type RichText = ReadonlyArray<string | Link>;

/** An office, as search engines are told about it (schema.org structured data). */
export type Office = {
  /** The office's name. */
  name: string;
  /** City. */
  locality: string;
  /** Country, as a two-letter ISO 3166 code ('ZA'). */
  country: string;
  /** The office's time zone, as an IANA name ('Africa/Johannesburg'); opening hours are given in it. */
  timeZone: string;
};

/** A section of prose with a heading. */
export type TextSection = {
  /** Stable identifier, used as the section's anchor (#id); lower-case with dashes. */
  id: string;
  /** Heading of the section. */
  heading: string;
  /** Paragraphs, in order. A paragraph may mix text and links. */
  paragraphs: ReadonlyArray<RichText>;
};

/** The page at '/'. */
export type HomePage = {
  /** Browser-tab title and the page's only <h1>. */
  title: string;
  /** One or two sentences for search results and share cards (under 160 characters). */
  description: string;
  /** Sentence under the heading. */
  lead: string;
  /** Link to the South Africa office, opened in a new tab. */
  officeLink: ButtonLink;
  /** Button that leads to a page that does not exist, showing the not-found page. */
  brokenLink: ButtonLink;
  /** Year in the footer's copyright line. */
  copyrightYear: number;
};

/** The two navigation bars of the Private Bank site. */
export type Navigation = {
  /** Accessible name of the top bar of group websites. */
  groupLabel: string;
  /** Text of the button that opens the top bar on small screens. */
  groupMenu: string;
  /** Links to the group's websites, in order. */
  group: ReadonlyArray<NavItem>;
  /** Id of the group item that is this website. */
  groupCurrent: string;
  /** The 'Log in' button of the top bar. */
  logIn: ButtonLink;
  /** Links after 'Log in', in order. */
  service: ReadonlyArray<NavItem>;
  /** Accessible name of the main navigation. */
  mainLabel: string;
  /** Text of the button that opens the main navigation on small screens. */
  mainMenu: string;
  /** Sections of the Private Bank site, in order. */
  main: ReadonlyArray<NavItem>;
};

/** One contact card. */
export type ContactCard = {
  /** Stable identifier; lower-case with dashes. */
  id: string;
  /** Card heading. */
  heading: string;
  /** Paragraphs under the heading. */
  paragraphs: ReadonlyArray<string>;
};

/** The South Africa country page. */
export type CountryPage = {
  /** Browser-tab title and the hero's <h1>. */
  title: string;
  /** One or two sentences for search results and share cards (under 160 characters). */
  description: string;
  /** The office, as search engines are told about it. */
  office: Office;
  /** Id of the main-navigation item this page belongs to (see content/navigation.ts). */
  section: string;
  /** Accessible name of the 'Back to:' trail. */
  breadcrumbLabel: string;
  /** The 'Back to:' line. Placeholders: {parent} (the link to the page one level up). */
  backTo: string;
  /** The page one level up. */
  parent: Link;
  /** Picture behind the hero heading. */
  hero: Image;
  /** Opening paragraphs. Placeholders: {minimumPortfolio}. */
  intro: ReadonlyArray<string>;
  /** Smallest portfolio the Private Bank accepts, as written on the page; '\u00a0' keeps '£5' and 'million' on one line. */
  minimumPortfolio: string;
  /** Sections between the intro and the contact cards, in order. */
  sections: ReadonlyArray<TextSection>;
  /** The 'Contact your local team' section. */
  contact: {
    /** Section heading. */
    heading: string;
    /** Card for prospective clients; its paragraphs may use {minimumPortfolio}. */
    prospects: ContactCard & {
      /** The 'Request a call back' button. */
      callBack: ButtonLink;
    };
    /** Card for existing clients. */
    clients: ContactCard & {
      /** Heading above the general enquiries e-mail. */
      generalHeading: string;
      /** Heading above the online banking phone lines and e-mail. */
      onlineHeading: string;
      /** How each online banking phone line reads. Placeholders: {label} {phone}. */
      phoneLine: string;
      /** The line with the online banking e-mail address. Placeholders: {email}. */
      emailLine: string;
      /** Heading above the opening hours. */
      hoursHeading: string;
    };
  };
  /** The 'Important information' section. */
  important: {
    /** Stable identifier, used as the section's anchor (#id); lower-case with dashes. */
    id: string;
    /** Section heading. */
    heading: string;
    /** Paragraphs, in order. */
    paragraphs: ReadonlyArray<string>;
  };
  /** Year in the footer's copyright line. */
  copyrightYear: number;
};

/** The page shown for any address that does not exist. */
export type NotFoundPage = {
  /** Browser-tab title. */
  title: string;
  /** Sentence for the page's meta description. */
  description: string;
  /** First line of the heading. */
  exclamation: string;
  /** Second line of the heading. */
  heading: string;
  /** Sentence under the heading. */
  message: string;
  /** Button back to the homepage. */
  home: ButtonLink;
  /** Text of the button that goes back one page. */
  back: string;
  /** The help line under the buttons. Placeholders: {phone} {helpCentre}. */
  help: string;
  /** The help centre link. */
  helpCentre: Link;
  /** Warning written to the browser console, followed by the address that was not found. */
  consoleMessage: string;
  /** Year in the footer's copyright line. */
  copyrightYear: number;
};

/** What shows when the site fails while running in the browser. */
export type ErrorPage = {
  /** Browser-tab title. */
  title: string;
  /** The heading. */
  heading: string;
  /** Sentence under the heading. */
  message: string;
  /** Button back to the homepage. */
  home: ButtonLink;
};
