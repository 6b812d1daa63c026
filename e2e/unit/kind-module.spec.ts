import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { postcodeKindFiles, type KindPlace } from '../support/new-kind';

/**
 * A kind of field is one module (issue #53, item 1): a new kind is its module in content/kinds/,
 * its name and its entry in content/kinds/index.ts, and the fields that use it; the content check,
 * the form and the page beside read it from there. TypeScript, over the project with a postcode
 * kind added (in memory: the files on disk stay as they are), accepts the kind written whole, and
 * names each place left out.
 */

/**
 * The project's compiler options, as `npm run typecheck` reads them, for content alone, which
 * reads nothing of Node's. The check and the view read any kind through `KINDS`, with no line of
 * their own for it, so content is where a kind compiles or fails.
 */
const options = {
  ...ts.parseJsonConfigFileContent(
    ts.readConfigFile('tsconfig.json', ts.sys.readFile).config,
    ts.sys,
    process.cwd(),
  ).options,
  types: [],
};

/** The last program, whose files the next one reuses where they are the same. */
let last: ts.Program | undefined;

/** What TypeScript says of the files a developer writes to add the postcode kind. */
function compiled(leftOut?: KindPlace): string {
  const added = postcodeKindFiles((file) => readFileSync(file, 'utf8'), leftOut);
  const byPath = new Map(Object.entries(added).map(([file, text]) => [path.resolve(file), text]));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile } = host;
  host.fileExists = (file) => byPath.has(path.resolve(file)) || fileExists(file);
  host.readFile = (file) => byPath.get(path.resolve(file)) ?? readFile(file);
  host.getSourceFile = (file, language) => {
    const text = host.readFile(file);
    return text === undefined ? undefined : ts.createSourceFile(file, text, language);
  };
  const files = Object.keys(added);
  const program = ts.createProgram(
    files.map((file) => path.resolve(file)),
    options,
    host,
    last,
  );
  last = program;
  const diagnostics = files.flatMap((file) => {
    const source = program.getSourceFile(path.resolve(file))!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  });
}

// One program after another in one worker, each reusing the files of the last that are the same.
test.describe.configure({ mode: 'default' });

test('a kind written in its module, its name and its entry compiles, with a field of it', () => {
  expect(compiled()).toBe('');
});

// Each part a kind's module must have, and each place in the registry: left out, the compiler says
// where, and what.
const leftOut: [KindPlace, string, RegExp][] = [
  ['rule', 'content/kinds/postcode.ts', /Property 'rule' is missing/],
  ['input', 'content/kinds/postcode.ts', /Property 'input' is missing/],
  ['onPage', 'content/kinds/postcode.ts', /Property 'onPage' is missing/],
  ['FieldKind', 'content/kinds/postcode.ts', /"postcode"' is not assignable to type 'FieldKind'/],
  ['KINDS', 'content/kinds/index.ts', /Property 'postcode' is missing/],
];
for (const [place, file, says] of leftOut)
  test(`a kind without its ${place} fails to compile, named in ${file}`, () => {
    const said = compiled(place);
    expect(said).toContain(file);
    expect(said).toMatch(says);
  });
