import { legal } from '../../content/legal';
import { site } from '../../content/site';
import { notFound } from '../../content/not-found';
import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';
import { filled } from '../support/visible-text';

/**
 * Every page ends with the legal and regulatory block a bank's page carries. The statutory words are
 * written here as the regulations word them (FAIS Act, FCA GEN 4, the Crown Dependencies'
 * regulators), never abbreviated; the numbers are the content's placeholders.
 */
const statutory = [
  'is an authorised financial services provider (FSP No. ',
  'authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority',
  'Jersey Financial Services Commission',
  'Jersey Bank Depositors Compensation Scheme',
  'Guernsey Financial Services Commission',
  'Guernsey Banking Deposit Compensation Scheme',
  'Isle of Man Financial Services Authority',
  'Ombud for Financial Services Providers',
  'This site sets no cookies.',
];

for (const expected of pages) {
  test(`the ${expected.name} page ends with the legal and regulatory block`, async ({ page }) => {
    await page.goto(expected.path);
    if (expected.scripts) {
      await expect(page.getByRole('button', { name: notFound.back })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText(legal.heading);
    await expect(footer).toContainText(filled(legal.licence, { ...site, ...legal }));
    await expect(footer).toContainText(filled(legal.ukStatus, { ...site, ...legal }));
    for (const words of statutory) await expect(footer).toContainText(words);
    await expect(footer).not.toContainText(/\b(PRA|FCA|FSCA|JFSC|GFSC|IOMFSA)\b/);
    const links = footer
      .getByRole('navigation', { name: legal.linksAccessibleName })
      .getByRole('link');
    await expect(links).toHaveText([
      'Privacy notice',
      'PAIA manual',
      'Complaints',
      'Cookie statement',
      'Accessibility statement',
    ]);
    await expect(footer).toContainText(expected.copyright);
  });
}

test("the South Africa page's important information carries the licence and where complaints go", async ({
  page,
}) => {
  await page.goto('/south-africa');
  const region = page.getByRole('region', { name: 'Important information' });
  await expect(region).toContainText(statutory[0]!);
  await expect(region).toContainText(statutory[7]!);
});
