/**
 * A new kind of field, a postcode, added to a scratch copy of the project as a developer adds one
 * (docs/developing.md, "Adding a kind of field"): its module in content/kinds/, its name in
 * `FieldKind` and its entry in `KINDS`, and a field of that kind in the schema and a content file.
 * Each of those can be left out, to see the compiler name it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of the postcode's kind that `defineKind` asks for beyond its name and values. */
const POSTCODE_PARTS = {
  rule: `  rule(value, check) {
    if (!/^\\d{4}$/.test(value)) check.refuse(\`"\${value}" is no postcode: write four digits, like 2196\`);
  },`,
  input: "  input: { input: 'line', digits: true, spellcheck: false },",
  onPage: '  onPage: { tagged: false, variant: (value) => `${value.slice(0, 3)}9` },',
};

/** The postcode's module, as a developer writes it, without one of its parts if one is named. */
const postcodeModule = (leftOut?: string) => `/** A South African postcode: four digits, '2196'. */
import { z } from 'zod';
import { noInvisibleCharacters } from '../schema/text-rules';
import { defineKind } from './kind';

export const postcodeKind = defineKind({
  name: 'postcode',
  value: z.string(),
${Object.entries(POSTCODE_PARTS)
  .filter(([part]) => part !== leftOut)
  .map(([, source]) => source)
  .join('\n')}
});

/** A South African postcode: four digits, '2196'. */
export const postcode = () => postcodeKind.mark(noInvisibleCharacters);
`;

/** A place a new kind is written in, which a test may leave out. */
export type KindPlace = keyof typeof POSTCODE_PARTS | 'FieldKind' | 'KINDS';

/**
 * The files a developer writes to add the postcode kind, and a field of it, the office's
 * postcode, in the contact file: each file's path in the project, and its text.
 * @param read Reads a file of the project as it was before, by its path.
 * @param leftOut A part of the module, or a place in content/kinds/index.ts, not written.
 */
export function postcodeKindFiles(
  read: (file: string) => string,
  leftOut?: KindPlace,
): Record<string, string> {
  const files: Record<string, string> = { 'content/kinds/postcode.ts': postcodeModule(leftOut) };
  /** Replaces `before` by `after` in a file, which must hold it. */
  const edit = (file: string, before: string, after: string) => {
    const source = files[file] ?? read(file);
    if (!source.includes(before)) throw new Error(`${file} does not hold ${before}`);
    files[file] = source.replace(before, after);
  };
  const index = 'content/kinds/index.ts';
  if (leftOut !== 'FieldKind') edit(index, "  | 'expiry';", "  | 'expiry'\n  | 'postcode';");
  if (leftOut !== 'KINDS')
    edit(index, '  expiry: expiryKind,', '  expiry: expiryKind,\n  postcode: postcodeKind,');
  edit(
    index,
    "import { phoneNumberKind } from './phone-number';",
    "import { phoneNumberKind } from './phone-number';\nimport { postcodeKind } from './postcode';",
  );
  edit(
    index,
    "export { phoneNumber } from './phone-number';",
    "export { phoneNumber } from './phone-number';\nexport { postcode } from './postcode';",
  );
  const schema = 'content/schema/index.ts';
  edit(schema, '  phoneNumber,', '  phoneNumber,\n  postcode,');
  edit(
    schema,
    '  helpPhone: phoneNumber(),',
    "  helpPhone: phoneNumber(),\n  /** The office's postcode, like '2196'. */\n  postcode: postcode(),",
  );
  edit('content/contact.ts', "  helpPhone: '", "  postcode: '2196',\n  helpPhone: '");
  return files;
}

/** Adds the postcode kind, whole, and a field of it to a scratch copy of the project. */
export function addPostcodeKind(folder: string) {
  const files = postcodeKindFiles((file) => readFileSync(path.join(folder, file), 'utf8'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
}
