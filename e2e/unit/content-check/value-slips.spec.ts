import { test } from '@playwright/test';
import { expectCheck, type ContentCase } from '../../support/content-check';

/**
 * The content check on slips in a field's value: each row is an edit an editor might make in the
 * source of a content file, and the lines the check must print for it, place included.
 */

/** Slips in a field's value: the wrong type, or a broken rule of the schema or content-rules.ts. */
const valueSlips: ContentCase[] = [
  {
    name: 'a picture neither described nor marked as only decoration',
    edit: {
      file: 'content/south-africa.ts',
      find: 'decorative: true',
      replace: 'decorative: false',
    },
    errors: [
      {
        at: "alt: ''",
        says: "southAfrica.hero.alt: is empty: say what the picture shows, in a few words, for visitors who cannot see it; or tick 'only decoration' if it says nothing the page's words do not",
      },
    ],
  },
  {
    name: 'a picture marked as only decoration, and described',
    edit: { file: 'content/south-africa.ts', find: "alt: ''", replace: "alt: 'Johannesburg'" },
    errors: [
      {
        at: "alt: 'Johannesburg'",
        says: "southAfrica.hero.alt: is written for a picture marked as only decoration, which screen readers pass by: empty it, or untick 'only decoration' if the picture says something",
      },
    ],
  },
  {
    name: 'a picture without its source and licence',
    edit: {
      file: 'content/south-africa.ts',
      find: /source: '[^']*',/,
      replace: "source: '',",
    },
    errors: [
      {
        at: "source: ''",
        says: "southAfrica.hero.source: is empty: say where the picture comes from and under what licence the bank uses it, like 'Photograph by A. Person, bought from an agency under its standard licence'",
      },
    ],
  },
  {
    name: 'a deleted required field',
    edit: {
      file: 'content/south-africa.ts',
      find: "      heading: 'Personal service from a global team',\n",
      replace: '',
    },
    errors: [
      {
        at: "{\n      id: 'personal-service'",
        says: "southAfrica.sections[0].heading (South Africa page, section 1, heading): is missing: add text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'a misspelt field name, placed where it is written, the missing one at its group',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service",
      replace: "headng: 'Personal service",
    },
    errors: [
      {
        at: "{\n      id: 'personal-service'",
        says: "southAfrica.sections[0].heading (South Africa page, section 1, heading): is missing: add text in quotes, like 'Contact us'",
      },
      {
        at: 'headng:',
        says: 'southAfrica.sections[0].headng (South Africa page, section 1, headng): is not a field here: did you mean heading?',
      },
    ],
  },
  {
    name: 'a number where text belongs',
    edit: { file: 'content/home.ts', find: /title: '[^']*'/, replace: 'title: 404' },
    errors: [
      {
        at: 'title:',
        says: "home.title: is a number (404), but must be text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'text where a number belongs',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025',
      replace: "copyrightYear: '2025'",
    },
    errors: [
      {
        at: 'copyrightYear:',
        says: 'home.copyrightYear: is text ("2025"), but must be a number without quotes, like 2025',
      },
    ],
  },
  {
    name: 'a link to a page that does not exist',
    edit: {
      file: 'content/south-africa.ts',
      find: "href: '/' }",
      replace: "href: '/south-afrika' }",
    },
    errors: [
      {
        at: "href: '/south-afrika'",
        says: 'southAfrica.parent.href: "/south-afrika" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'a link to a section that does not exist',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: '/south-africa#no-such-section'",
    },
    errors: [
      {
        at: "href: '/south-africa#no-such-section'",
        says: 'navigation.service[0].href (Navigation, link after log in 1, address): "/south-africa#no-such-section" names no section of /south-africa: write one of #main #personal-service #right-service #contact #become-a-client #existing-clients #important-information',
      },
    ],
  },
  {
    name: 'an e-mail link without a valid address',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: 'mailto:someone'",
    },
    errors: [
      {
        at: "href: 'mailto:someone'",
        says: 'navigation.service[0].href (Navigation, link after log in 1, address): "mailto:someone" is no e-mail link: write it like mailto:name@bank.co.za',
      },
    ],
  },
  {
    name: 'a phone link without a valid number',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'About us', href: '#'",
      replace: "label: 'About us', href: 'tel:12'",
    },
    errors: [
      {
        at: "href: 'tel:12'",
        says: 'navigation.service[1].href (Navigation, link after log in 2, address): "tel:12" is no phone link: write it like tel:+27115550100',
      },
    ],
  },
  {
    name: 'a time that is not HH:MM',
    edit: { file: 'content/contact.ts', find: "opens: '09:00'", replace: "opens: '9am'" },
    errors: [
      {
        at: 'opens:',
        says: 'contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
      },
    ],
  },
  {
    name: 'closing before opening',
    edit: { file: 'content/contact.ts', find: "closes: '17:00'", replace: "closes: '08:00'" },
    errors: [
      {
        at: 'closes:',
        says: 'contact.hours.closes: is not after opens: the team must open before it closes',
      },
    ],
  },
  {
    name: 'a language that is not a BCP 47 tag',
    edit: { file: 'content/site.ts', find: "language: 'en-GB'", replace: "language: 'english'" },
    errors: [
      {
        at: 'language:',
        says: 'site.language: "english" is not a language tag: write it like en-GB',
      },
    ],
  },
  {
    name: 'a copyright year out of range',
    edit: {
      file: 'content/not-found.ts',
      find: /copyrightYear: \d+/,
      replace: 'copyrightYear: 20245',
    },
    errors: [
      {
        at: 'copyrightYear:',
        says: `notFound.copyrightYear: is no year from 1991 to ${new Date().getFullYear() + 1}`,
      },
    ],
  },
  {
    name: 'a meta description longer than search results show',
    edit: {
      file: 'content/south-africa.ts',
      find: "'Offshore private, investment",
      replace: `'${'Offshore banking. '.repeat(3)}Offshore private, investment`,
    },
    errors: [
      {
        at: 'description:',
        says: 'southAfrica.description: is longer than the 160 letters search results show',
      },
    ],
  },
  {
    name: "a description that fits only until the bank's name fills it in",
    edit: [
      {
        file: 'content/home.ts',
        find: /'\{name\} \{division\}:[^']*'/,
        replace: `'{name} {division} ${'o'.repeat(160 - 18)}'`,
      },
      {
        file: 'content/site.ts',
        find: "name: 'Kestrel Bank'",
        replace: "name: 'A bank with a long name'",
      },
    ],
    errors: [
      {
        at: 'description:',
        says: 'home.description: is longer than the 160 letters search results show',
      },
    ],
  },
  {
    name: 'a link to a section the homepage does not have',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'Contact us', href: '#'",
      replace: "label: 'Contact us', href: '/#rates'",
    },
    errors: [
      {
        at: "href: '/#rates'",
        says: 'navigation.service[0].href (Navigation, link after log in 1, address): "/#rates" names no section of /: write one of #main',
      },
    ],
  },
  {
    name: 'an image without a size',
    edit: { file: 'content/south-africa.ts', find: 'width: 1600', replace: 'width: 0' },
    errors: [{ at: 'width:', says: 'southAfrica.hero.width: must be a number of pixels above 0' }],
  },
  {
    name: 'a malformed phone number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'0808 157 019'" },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone (Contact, online banking line 1, phone): "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192; if it is a number in South Africa, write +27 80 815 7019, or set the line\'s callers\' country to ZA',
      },
    ],
  },
  {
    name: 'a malformed e-mail address',
    edit: {
      file: 'content/contact.ts',
      find: "'onlinebanking@example.com'",
      replace: "'onlinebanking@'",
    },
    errors: [
      {
        at: 'onlineBankingEmail:',
        says: 'contact.onlineBankingEmail: "onlinebanking@" is not an e-mail address: write it like name@bank.co.za',
      },
    ],
  },
  {
    name: 'an empty heading',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service from a global team'",
      replace: "heading: '  '",
    },
    errors: [
      {
        at: "heading: '  '",
        says: 'southAfrica.sections[0].heading (South Africa page, section 1, heading): is empty: write the text',
      },
    ],
  },
  {
    name: 'an unsafe javascript: link',
    edit: {
      file: 'content/navigation.ts',
      find: "label: 'About us', href: '#'",
      replace: "label: 'About us', href: 'javascript:alert(1)'",
    },
    errors: [
      {
        at: "href: 'javascript:",
        says: 'navigation.service[1].href (Navigation, link after log in 2, address): "javascript:alert(1)" is no safe link: write a path on this site or an https:// address',
      },
    ],
  },
  {
    name: 'a link to another site without https',
    edit: {
      file: 'content/home.ts',
      find: "href: '/south-africa'",
      replace: "href: '//evil.example'",
    },
    errors: [
      {
        at: "href: '//evil.example'",
        says: 'home.officeLink.href: "//evil.example" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'a section id without its page',
    edit: { file: 'content/home.ts', find: "href: '/south-africa'", replace: "href: '#contact'" },
    errors: [
      {
        at: "href: '#contact'",
        says: 'home.officeLink.href: "#contact" names no page: write it like /south-africa#contact',
      },
    ],
  },
  {
    name: 'a misspelt slot',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{minimumPortfolo}, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1] (South Africa page, opening paragraph 2): uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
      },
    ],
  },
  {
    name: "the bank's name written where {name} belongs",
    edit: {
      file: 'content/site.ts',
      find: "logoAccessibleName: '{name} {division}",
      replace: "logoAccessibleName: 'Kestrel Bank",
    },
    errors: [
      {
        at: 'logoAccessibleName:',
        says: "site.logoAccessibleName: must start with '{name} {division}', the words the logo shows",
      },
    ],
  },
  {
    name: 'a navigation id that is not in the main navigation',
    edit: {
      file: 'content/south-africa.ts',
      find: "navigationId: 'locations'",
      replace: "navigationId: 'location'",
    },
    errors: [
      {
        at: "navigationId: 'location'",
        says: 'southAfrica.navigationId: "location" is not the id of an item of navigation.main',
      },
    ],
  },
  {
    name: 'a field under its old name, which was renamed',
    edit: {
      file: 'content/south-africa.ts',
      find: "navigationId: 'locations'",
      replace: "section: 'locations'",
    },
    errors: [
      {
        at: "section: 'locations'",
        says: 'southAfrica.section: is the old name of navigationId: write navigationId instead of section',
      },
    ],
  },
  {
    name: 'an accessible name under its old name, which was renamed',
    edit: {
      file: 'content/legal.ts',
      find: 'linksAccessibleName:',
      replace: 'linksLabel:',
    },
    errors: [
      {
        at: 'linksLabel:',
        says: 'legal.linksLabel: is the old name of linksAccessibleName: write linksAccessibleName instead of linksLabel',
      },
    ],
  },
  {
    name: 'a current group site that is not in the group',
    edit: {
      file: 'content/navigation.ts',
      find: "groupCurrent: 'private-bank'",
      replace: "groupCurrent: 'private'",
    },
    errors: [
      {
        at: 'groupCurrent:',
        says: 'navigation.groupCurrent: "private" is not the id of an item of navigation.group',
      },
    ],
  },
  {
    name: 'two sections with the same id',
    edit: {
      file: 'content/south-africa.ts',
      find: "id: 'right-service'",
      replace: "id: 'personal-service'",
    },
    errors: [
      {
        at: "id: 'personal-service',\n      heading: 'Personal",
        says: 'southAfrica.sections[0].id (South Africa page, section 1, short name): is the id of another section too: give each its own',
      },
      {
        at: "id: 'personal-service',\n      heading: 'Creating",
        says: 'southAfrica.sections[1].id (South Africa page, section 2, short name): is the id of another section too: give each its own',
      },
    ],
  },
  {
    name: 'an id with capitals and spaces',
    edit: {
      file: 'content/south-africa.ts',
      find: "id: 'important-information'",
      replace: "id: 'Important information'",
    },
    errors: [
      {
        at: "id: 'Important",
        says: 'southAfrica.important.id: "Important information" is not lower-case words with dashes: write it like contact-us',
      },
    ],
  },
  {
    name: 'a time zone that does not exist',
    edit: {
      file: 'content/contact.ts',
      find: /timeZone: '[^']*'/,
      replace: "timeZone: 'South Africa'",
    },
    errors: [
      {
        at: 'timeZone:',
        says: 'contact.hours.timeZone: "South Africa" is not a time zone: write it like Africa/Johannesburg',
      },
    ],
  },
  {
    name: 'a day that is not a weekday name',
    edit: { file: 'content/contact.ts', find: "from: 'Monday'", replace: "from: 'Mon'" },
    errors: [
      {
        at: 'from:',
        says: 'contact.hours.from: is text ("Mon"), not one of Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday',
      },
    ],
  },
  {
    name: 'a country that is not a two-letter code',
    edit: { file: 'content/south-africa.ts', find: "country: 'ZA'", replace: "country: 'RSA'" },
    errors: [
      {
        at: 'country:',
        says: 'southAfrica.office.country: "RSA" is not a two-letter country code: write it like ZA',
      },
    ],
  },
  {
    name: 'an image missing from public/',
    edit: {
      file: 'content/south-africa.ts',
      find: /src: '[^']*'/,
      replace: "src: '/images/hero.png'",
    },
    errors: [
      {
        at: 'src:',
        says: 'southAfrica.hero.src: "/images/hero.png" is not in public/: write it like /images/a.svg',
      },
    ],
  },
  {
    name: 'one online banking line instead of two',
    edit: {
      file: 'content/contact.ts',
      find: /onlineBankingLines: \[[^\]]*\]/,
      replace: "onlineBankingLines: [{ label: 'UK', phone: '0808 157 0192' }]",
    },
    errors: [
      {
        at: 'onlineBankingLines:',
        says: 'contact.onlineBankingLines: is a list ([{"label":"UK","phone":"0808 157 0192"}]), but must have 2 items',
      },
    ],
  },
  {
    name: 'a link inside a paragraph without its address',
    edit: {
      file: 'content/south-africa.ts',
      find: "{ label: 'banking', href: '#' }",
      replace: "{ label: 'banking' }",
    },
    errors: [
      {
        at: "{ label: 'banking' }",
        says: "southAfrica.sections[1].paragraphs[0][1].href (South Africa page, section 2, paragraph 1, link 1, address): is missing: add text in quotes, like 'Contact us'",
      },
    ],
  },
  {
    name: 'a paragraph that is neither text nor a list',
    edit: { file: 'content/south-africa.ts', find: /'Calls to 0800[^']*'/, replace: '42' },
    errors: [
      {
        at: '42,',
        says: "southAfrica.important.paragraphs[0] (South Africa page, important information, paragraph 1): must be text, or a list of texts and links: ['See our ', { label: 'a', href: '/' }]",
      },
    ],
  },
  {
    name: "a regulator's name abbreviated in the UK status line",
    edit: { file: 'content/legal.ts', find: 'Financial Conduct Authority', replace: 'FCA' },
    errors: [
      {
        at: 'ukStatus:',
        says: 'legal.ukStatus: must say "Financial Conduct Authority", as the regulations word it',
      },
      {
        at: 'ukStatus:',
        says: "legal.ukStatus: abbreviates a regulator's name (FCA): write the name in full",
      },
    ],
  },
  {
    name: 'an offshore line without its deposit scheme',
    edit: {
      file: 'content/legal.ts',
      find: ' Eligible deposits are protected by the Jersey Bank Depositors Compensation Scheme.',
      replace: '',
    },
    errors: [
      {
        at: 'jersey:',
        says: 'legal.jersey: must say "Jersey Bank Depositors Compensation Scheme", as the regulations word it',
      },
    ],
  },
  {
    name: 'complaints that do not name the FAIS Ombud',
    edit: {
      file: 'content/legal.ts',
      find: /complaints:\s*'If we[^']*'/,
      replace: "complaints: 'You may refer your complaint to the ombudsman.'",
    },
    errors: [
      {
        at: "complaints: 'You",
        says: 'legal.complaints: must say "Ombud for Financial Services Providers", as the regulations word it',
      },
    ],
  },
  {
    name: 'a licence statement without its FSP number',
    edit: { file: 'content/legal.ts', find: ' (FSP No. {fspNumber})', replace: '' },
    errors: [
      {
        at: 'licence:',
        says: 'legal.licence: must say "FSP No. {fspNumber}", as the regulations word it',
      },
    ],
  },
  {
    name: 'a deleted content file',
    edit: { file: 'content/error-page.ts', deleteFile: true },
    errors: [
      {
        at: '',
        says: 'errorPage: is missing: add a group in braces, like { label: …, href: … }',
      },
    ],
  },
];

test.describe('the check names the file, the field and its place, and says what to write', () => {
  for (const contentCase of valueSlips) test(contentCase.name, () => expectCheck(contentCase));
});
