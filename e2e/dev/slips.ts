/**
 * The slips an editor makes, each saved over a content file by the dev-server spec: the seven
 * of issue #26's table, one across files, the three the check itself once worded poorly, then each
 * other kind of typing slip the check reads before the parser would (issue #32, item 10), so that
 * none of them lets a parser's words reach the page or the terminal.
 */
export type Slip = {
  name: string;
  /** The content file edited, from the project's folder. */
  file: string;
  /** The page that shows the file, where the editor looks. */
  page: '/' | '/south-africa';
  /** The text replaced, exactly as the file has it, and what the editor typed instead. */
  from: string;
  to: string;
  /** The file the check names: the edited one, unless a rule weighs it against another. */
  reported?: string;
  /** Where the check places the slip: the start of this text, in the reported file as saved. */
  at: string;
  /**
   * The check's words after `file:line:column  `; `{line}` is the place's line, and `{line:text}`
   * the line of that text in the reported file as saved.
   */
  says: string;
};

export const slips: Slip[] = [
  {
    name: "an opening time written '9am'",
    file: 'content/contact.ts',
    page: '/south-africa',
    from: "opens: '09:00'",
    to: "opens: '9am'",
    at: "opens: '9am'",
    says: 'contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
  },
  {
    name: "a section's heading deleted",
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "      heading: 'Personal service from a global team',\n",
    to: '',
    // A missing field is placed at the group that should hold it.
    at: "{\n      id: 'personal-service'",
    says: "southAfrica.sections[0].heading (South Africa page, section 1, heading): is missing: add text in quotes, like 'Contact us'",
  },
  {
    name: 'a link to a page that does not exist',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "href: '/' }",
    to: "href: '/where-we-are' }",
    at: "href: '/where-we-are'",
    says: 'southAfrica.parent.href: "/where-we-are" is no page here: write / or /south-africa',
  },
  {
    name: 'Markdown emphasis in a heading',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "'Creating the right service for you'",
    to: "'**Creating** the right service for you'",
    at: "heading: '**Creating**",
    says: 'southAfrica.sections[1].heading (South Africa page, section 2, heading): has the Markdown emphasis **Creating**: texts are plain, so write Creating',
  },
  {
    name: 'a misspelt slot',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: 'at least {minimumPortfolio}',
    to: 'at least {minimumPortfolo}',
    at: "'Our Private Bank supports",
    says: 'southAfrica.intro[1] (South Africa page, opening paragraph 2): uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
  },
  {
    name: 'a comma missing after a field',
    file: 'content/home.ts',
    page: '/',
    from: "title: 'Oops! Something went wrong',",
    to: "title: 'Oops! Something went wrong'",
    at: 'description:',
    says: 'home.title: a comma or a closing quote is probably missing just before line {line}',
  },
  // Not in the table: a rule that weighs one file against another reports the slip in the
  // file that no longer matches, which npm run dev checks again though it was not saved.
  {
    name: 'a navigation id renamed, which the South Africa page still names',
    file: 'content/navigation.ts',
    page: '/south-africa',
    from: "{ id: 'locations',",
    to: "{ id: 'offices',",
    reported: 'content/south-africa.ts',
    at: "navigationId: 'locations'",
    says: 'southAfrica.navigationId: "locations" is not the id of an item of navigation.main',
  },
  // The three slips the check itself once worded in the parser's words, or at the wrong field.
  {
    name: 'curly quotes around a text',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "heading: 'Contact your local team'",
    to: 'heading: ‘Contact your local team’',
    at: '‘Contact your local team’',
    says: "southAfrica.contact.heading: the text is in curly quotes ‘…’: write straight quotes '…' around it instead",
  },
  {
    name: 'a doubled comma',
    file: 'content/home.ts',
    page: '/',
    from: "title: 'Oops! Something went wrong',",
    to: "title: 'Oops! Something went wrong',,",
    at: ',\n  description:',
    says: 'home.title: has two commas in a row: delete one',
  },
  {
    name: 'a number written with a thousands separator',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: 'width: 1600,',
    to: 'width: 1,600,',
    at: '1,600',
    says: 'southAfrica.hero.width: 1,600 is written with a thousands separator: write 1600',
  },
  // Each other kind of typing slip, as e2e/unit/content-check/typing-slips.spec.ts makes them.
  {
    name: 'a text split over two lines by Enter',
    file: 'content/home.ts',
    page: '/',
    from: 'Our South Africa office',
    to: 'Our South\n    Africa office',
    at: '\n    Africa office',
    says: 'home.lead: the text on line {line} goes on at line {line:    Africa office}: a text cannot be split over two lines, so join them into one line (delete the line break), with one quote at each end',
  },
  {
    name: 'a text split over two lines, its first line closed by a quote',
    file: 'content/home.ts',
    page: '/',
    from: 'Our South Africa office',
    to: "Our South'\n    Africa office",
    at: 'Africa office can',
    says: 'home.lead: the text on line {line:lead:} goes on at line {line}: a text cannot be split over two lines, so join them into one line (delete the line break), with one quote at each end',
  },
  {
    name: 'an unclosed quote',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "'Breadcrumb',",
    to: "'Breadcrumb,",
    at: '\n  backTo:',
    says: 'southAfrica.breadcrumbAccessibleName: the text on line {line} has no closing quote: end it as it starts',
  },
  {
    name: 'a semicolon for a comma',
    file: 'content/home.ts',
    page: '/',
    from: "title: 'Oops! Something went wrong',",
    to: "title: 'Oops! Something went wrong';",
    at: ';\n  description',
    says: 'home.title: ends with a semicolon ;: write a comma , instead',
  },
  {
    name: 'a missing colon',
    file: 'content/home.ts',
    page: '/',
    from: "lead: 'The page",
    to: "lead 'The page",
    at: 'lead',
    says: "home.lead: has no colon after its name: write it like label: 'Contact us'",
  },
  {
    name: 'a missing closing brace',
    file: 'content/home.ts',
    page: '/',
    from: "variant: 'secondary' },",
    to: "variant: 'secondary',",
    at: 'brokenLink:',
    says: 'home.brokenLink: its group { … } is not closed: write } after its last field, before line {line:copyrightYear:}',
  },
  {
    name: 'a missing closing bracket',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "or the local equivalent.',\n  ],",
    to: "or the local equivalent.',",
    at: 'intro:',
    says: 'southAfrica.intro: its list [ … ] is not closed: write ] after its last item, before line {line:  sections:}',
  },
  {
    name: 'a character outside quotes',
    file: 'content/home.ts',
    page: '/',
    from: 'copyrightYear: 2025,',
    to: 'copyrightYear: 2025, #',
    at: '#',
    says: "home.copyrightYear: has # outside quotes: delete it, or put the text in straight quotes '…'",
  },
];
