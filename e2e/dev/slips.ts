/**
 * The slips an editor makes, each saved over a content file by the dev-preview spec: the seven
 * of issue #26's table, one across files, then the three the check itself once worded poorly.
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
  /** The check's words after `file:line:column  `; `{line}` is the place's line. */
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
    name: 'a misspelt placeholder',
    file: 'content/south-africa.ts',
    page: '/south-africa',
    from: 'at least {minimumPortfolio}',
    to: 'at least {minimumPortfolo}',
    at: "'Our Private Bank supports",
    says: 'southAfrica.intro[1] (South Africa page, intro 2): uses {minimumPortfolo}; this text offers {minimumPortfolio} {licence} {complaints}',
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
  // file that no longer matches, which the preview checks again though it was not saved.
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
];
