import { contact } from '../../content/contact';
import { home } from '../../content/home';
import { navigation } from '../../content/navigation';
import type { Paragraph } from '../../content/schema';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { filled, paragraphText } from '../support/visible-text';
import { expect, test } from '../support/fixtures';
import { telHref } from '../support/phone';
import { hoursText, paragraphValues } from '../support/pages';

const fill = (paragraph: Paragraph) => paragraphText(paragraph, paragraphValues);

test.describe('South Africa page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/south-africa');
  });

  test('top navigation lists the group sites, Log in, Contact us and About us, in order', async ({
    page,
  }) => {
    const top = page.getByRole('navigation', { name: navigation.groupAccessibleName });
    // The brief names these links; they are pinned to it, not to the content.
    await expect(top.getByRole('link')).toHaveText([...brief.topNavigation]);
    // This site is the group's Private Bank, and the bar says so.
    await expect(
      top.getByRole('link', { name: brief.southAfrica.currentSite, exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(top.getByRole('link', { name: navigation.logIn.label })).toHaveAttribute(
      'href',
      navigation.logIn.href,
    );
  });

  test('main navigation lists the sections and marks where we are', async ({ page }) => {
    const main = page.getByRole('navigation', { name: navigation.mainAccessibleName });
    await expect(main.getByRole('link')).toHaveText([...brief.mainNavigation]);
    for (const item of navigation.main) {
      const link = main.getByRole('link', { name: item.label });
      if (item.id === southAfrica.navigationId) {
        await expect(link).toHaveAttribute('aria-current', 'true');
      } else {
        await expect(link).not.toHaveAttribute('aria-current');
      }
    }
  });

  test('names its trail and call-back button as the brief does', async ({ page }) => {
    const trail = page.getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName });
    await expect(trail).toContainText(brief.southAfrica.backTo);
    await expect(trail.getByRole('link', { name: brief.southAfrica.parent })).toBeVisible();
    await expect(page.getByRole('link', { name: brief.southAfrica.callBack })).toBeVisible();
  });

  test('the Back to: trail leads to the homepage', async ({ page }) => {
    const trail = page.getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName });
    await expect(trail).toHaveText(
      filled(southAfrica.backTo, { parent: southAfrica.parent.label }),
    );
    await trail.getByRole('link', { name: southAfrica.parent.label }).click();
    await expect(page).toHaveURL(southAfrica.parent.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });

  test('shows the hero banner and the intro with the minimum portfolio', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1, name: southAfrica.title });
    await expect(heading).toBeVisible();
    const hero = page.locator('img[src="' + southAfrica.hero.src + '"]');
    await expect(hero).toHaveJSProperty('complete', true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    for (const paragraph of southAfrica.intro) {
      await expect(page.getByText(fill(paragraph))).toBeVisible();
    }
    // The brief's business constant: a portfolio of at least 5 million pounds sterling.
    await expect(page.getByRole('main')).toContainText(brief.minimumPortfolio);
  });

  test('shows the text sections, with their placeholder links', async ({ page }) => {
    for (const section of southAfrica.sections) {
      const region = page.getByRole('region', { name: section.heading });
      await expect(region.getByRole('heading', { level: 2 })).toHaveText(section.heading);
      // Each paragraph reads as written, its links in their place, each leading where it says.
      await expect(region.getByRole('paragraph')).toHaveText(section.paragraphs.map(fill));
      const links = section.paragraphs.flatMap((paragraph) =>
        typeof paragraph === 'string' ? [] : paragraph,
      );
      for (const link of links.filter((part) => typeof part !== 'string')) {
        await expect(region.getByRole('link', { name: link.label })).toHaveAttribute(
          'href',
          link.href,
        );
      }
    }
  });

  test('the prospective-client card offers a call back', async ({ page }) => {
    const { prospects } = southAfrica.contact;
    const card = page.getByRole('article', { name: prospects.heading });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(prospects.heading);
    for (const paragraph of prospects.paragraphs) {
      await expect(card).toContainText(fill(paragraph));
    }
    // Until the bank has a call-back page, the button opens an e-mail to general enquiries,
    // ready to send: spaces and line breaks percent-encoded, as mail programs expect.
    const href = await card
      .getByRole('link', { name: prospects.callBack.label })
      .getAttribute('href');
    expect(href).not.toContain('+');
    const mail = new URL(href ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe(contact.generalEmail);
    expect(mail.searchParams.get('subject')).toBe(prospects.callBack.subject);
    expect(mail.searchParams.get('body')).toBe(prospects.callBack.body);
  });

  test('the existing-client card gives e-mail, both phone lines and the opening hours', async ({
    page,
  }) => {
    const { clients } = southAfrica.contact;
    const card = page.getByRole('article', { name: clients.heading });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(clients.heading);

    // General enquiries: a visible address that opens the mail program.
    await expect(card.getByRole('heading', { name: clients.generalHeading })).toBeVisible();
    await expect(card.getByRole('link', { name: contact.generalEmail })).toHaveAttribute(
      'href',
      `mailto:${contact.generalEmail}`,
    );

    // Online banking: two numbers that dial when tapped, then an e-mail.
    await expect(card.getByRole('heading', { name: clients.onlineHeading })).toBeVisible();
    for (const line of contact.onlineBankingLines) {
      await expect(card.getByRole('listitem').filter({ hasText: line.label })).toHaveText(
        filled(clients.phoneLine, line),
      );
      await expect(card.getByRole('link', { name: line.phone })).toHaveAttribute(
        'href',
        telHref(line.phone),
      );
    }
    await expect(card.getByRole('link', { name: contact.onlineBankingEmail })).toHaveAttribute(
      'href',
      `mailto:${contact.onlineBankingEmail}`,
    );

    await expect(card.getByRole('heading', { name: clients.hoursHeading })).toBeVisible();
    // The brief's hours, then the same in the office's own time, each in a <time> element.
    const { opens, closes } = brief.supportHoursInJohannesburg;
    await expect(card).toContainText(
      `${brief.supportHours} (${opens} to ${closes} in ${brief.office.locality})`,
    );
    await expect(card).toContainText(hoursText);
    await expect(card.locator('time')).toHaveText(['09:00', '17:00', opens, closes]);
    for (const time of await card.locator('time').all()) {
      await expect(time).toHaveAttribute('datetime', (await time.textContent()) ?? '');
    }
  });

  test('ends with the important information on calls', async ({ page }) => {
    const region = page.getByRole('region', { name: southAfrica.important.heading });
    for (const paragraph of southAfrica.important.paragraphs) {
      await expect(region).toContainText(fill(paragraph));
    }
    await expect(region).toContainText(brief.freeNumbers);
  });

  test('warns of fraudsters beside the contact details: what the bank never asks for', async ({
    page,
  }) => {
    const { contact: section } = southAfrica;
    const warning = page
      .getByRole('region', { name: section.heading })
      .getByRole('note', { name: section.scamWarning.heading });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('heading', { level: 3 })).toHaveText(
      section.scamWarning.heading,
    );
    for (const paragraph of section.scamWarning.paragraphs)
      await expect(warning).toContainText(paragraph);
    // What every bank's warning says, in its own words: never a password, a PIN or a 'safe' account.
    await expect(warning).toContainText(/never/);
    await expect(warning).toContainText(/PIN/);
    await expect(warning).toContainText(/safe/);
  });

  test('keeps the order of the brief', async ({ page }) => {
    await expect(
      page
        .getByRole('heading', { level: 1 })
        .or(page.getByRole('main').getByRole('heading', { level: 2 })),
    ).toHaveText([...brief.southAfricaHeadings.levels1And2]);
    await expect(page.getByRole('article').getByRole('heading', { level: 3 })).toHaveText([
      ...brief.southAfricaHeadings.level3,
    ]);
  });
});
