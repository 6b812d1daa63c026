/**
 * The slips an editor makes, each saved over a content file by the dev-preview spec: the seven
 * of issue #26's table, one across files, then the three the check itself still words poorly.
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
  /** The check's line, as `npm run content:check` prints it: `file:line:column  field: message`. */
  line: string;
};

export const slips: Slip[] = [
  {
    name: "an opening time written '9am'",
    file: 'content/contact.ts',
    page: '/south-africa',
    from: "opens: '09:00'",
    to: "opens: '9am'",
    line: 'content/contact.ts:18:5  contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
  },
  {
    name: "a section's heading deleted",
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "      heading: 'Personal service from a global team',\n",
    to: '',
    line: "content/south-africa.ts:30:5  southAfrica.sections[0].heading: is missing: add text in quotes, like 'Contact us'",
  },
  {
    name: 'a link to a page that does not exist',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "parent: { label: 'Where we’re located', href: '/' }",
    to: "parent: { label: 'Where we’re located', href: '/where-we-are' }",
    line: 'content/south-africa.ts:17:43  southAfrica.parent.href: "/where-we-are" is no page here: write / or /south-africa',
  },
  {
    name: 'Markdown emphasis in a heading',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "'Creating the right service for you'",
    to: "'**Creating** the right service for you'",
    line: 'content/south-africa.ts:41:7  southAfrica.sections[1].heading: has the Markdown emphasis **Creating**: texts are plain, so write Creating',
  },
  {
    name: 'a misspelt placeholder',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: 'at least {minimumPortfolio}',
    to: 'at least {minimumPortfolo}',
    line: 'content/south-africa.ts:27:5  southAfrica.intro[1]: uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
  },
  {
    name: 'a comma missing after a field',
    file: 'content/home.ts',
    page: '/',
    from: "title: 'Oops! Something went wrong',",
    to: "title: 'Oops! Something went wrong'",
    line: 'content/home.ts:6:3  home.title: a comma or a closing quote is probably missing just before line 6',
  },
  // Not in the table: a rule that weighs one file against another reports the slip in the
  // file that no longer matches, which the preview checks again though it was not saved.
  {
    name: 'a navigation id renamed, which the South Africa page still names',
    file: 'content/navigation.ts',
    page: '/south-africa',
    from: "{ id: 'locations',",
    to: "{ id: 'offices',",
    line: 'content/south-africa.ts:14:3  southAfrica.section: "locations" is not the id of an item of navigation.main',
  },
  // The check's words for the last three are the parser's (or name the wrong field) until issue
  // #26's second item lands; then these lines change to the check's own.
  {
    name: 'curly quotes around a text',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: "heading: 'Contact your local team'",
    to: 'heading: ‘Contact your local team’',
    line: 'content/south-africa.ts:57:14  southAfrica.contact.heading: Invalid character.',
  },
  {
    name: 'a doubled comma',
    file: 'content/home.ts',
    page: '/',
    from: "title: 'Oops! Something went wrong',",
    to: "title: 'Oops! Something went wrong',,",
    line: 'content/home.ts:5:39  home.title: Property assignment expected.',
  },
  {
    name: 'a number written with a thousands separator',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: 'width: 1600,',
    to: 'width: 1,600,',
    line: 'content/south-africa.ts:21:17  southAfrica.hero.600: a comma or a closing quote is probably missing just before line 21',
  },
];
