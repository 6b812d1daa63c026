/**
 * What the specs expect of each page, written once: the brief's words and years, with the editorial
 * copy from content/. The specs loop over these lists, so a new page is tested by adding it here.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { contact } from '../../content/contact';
import { home } from '../../content/home';
import { legal } from '../../content/legal';
import { navigation } from '../../content/navigation';
import { notFound } from '../../content/not-found';
import { site } from '../../content/site';
import { southAfrica } from '../../content/south-africa';
import { brief } from './brief';
import { filled } from './visible-text';

/** What every page promises: its address, answer, title, single <h1> and footer line. */
type PageExpectation = {
  /** The page's name in test titles. */
  name: string;
  /** A path that opens the page; for the not-found page, a path that does not exist. */
  path: string;
  /** The HTTP status the page is answered with. */
  status: number;
  /** The browser-tab title. */
  title: string;
  /** The text of the page's single <h1>. */
  heading: string;
  /** The footer's copyright line. */
  copyright: string;
  /** Whether the page runs JavaScript: only the not-found page, its island. */
  scripts: boolean;
};

const tabTitle = (pageTitle: string) => filled(site.pageTitle, { ...site, page: pageTitle });
const copyrightLine = (year: number) => filled(site.copyright, { ...site, year });

/** The three routes of the brief; the not-found page stands for every unknown address. */
export const pages: readonly PageExpectation[] = [
  {
    name: 'home',
    path: brief.routes[0],
    status: 200,
    title: tabTitle(home.title),
    heading: home.title,
    copyright: copyrightLine(brief.copyrightYears.home),
    scripts: false,
  },
  {
    name: 'south africa',
    path: brief.routes[1],
    status: 200,
    title: tabTitle(southAfrica.title),
    heading: southAfrica.title,
    // The brief gives this page no footer year; it is the content's.
    copyright: copyrightLine(southAfrica.copyrightYear),
    scripts: false,
  },
  {
    name: 'not found',
    path: home.brokenLink.href,
    status: 404,
    title: tabTitle(notFound.title),
    heading: `${notFound.exclamation} ${notFound.heading}`,
    copyright: copyrightLine(brief.copyrightYears.notFound),
    scripts: true,
  },
];

/**
 * The two navigations of /south-africa, each behind its menu button on small screens: the
 * landmark's name (`label`), the menu button's text (`button`) and the brief's links, in order.
 */
export const menus = [
  {
    name: 'group websites',
    label: navigation.groupAccessibleName,
    button: navigation.groupMenu,
    links: brief.topNavigation,
  },
  {
    name: 'main navigation',
    label: navigation.mainAccessibleName,
    button: navigation.mainMenu,
    links: brief.mainNavigation,
  },
] as const;

/** The viewport widths every page must work at: a small phone and a laptop. */
export const widths = [375, 1280] as const;

/**
 * How far the page is wider than the window, in CSS pixels: 0 when nothing scrolls sideways. Runs in
 * the page, with any driver's evaluate.
 */
export const sidewaysOverflow = () =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth;

/**
 * Opens a path whose answer is the not-found page and resolves once its island has taken over the
 * back button, with the console message the island writes then (the missing path).
 */
export async function openNotFound(page: Page, path: string): Promise<ConsoleMessage> {
  const [message] = await Promise.all([
    page.waitForEvent('console', (message) => message.text().startsWith(notFound.consoleMessage)),
    page.goto(path),
  ]);
  return message;
}

/** The opening hours as the page states them: the brief's, then the same in Johannesburg's time. */
export const hoursText = filled(contact.hours.text, {
  ...contact.hours,
  localOpens: brief.supportHoursInJohannesburg.opens,
  localCloses: brief.supportHoursInJohannesburg.closes,
  office: brief.office.locality,
});

/** The values a paragraph of /south-africa may name: the footer's licence and complaints texts too. */
export const paragraphValues = {
  minimumPortfolio: southAfrica.minimumPortfolio,
  licence: filled(legal.licence, { ...site, ...legal }),
  complaints: legal.complaints,
};
