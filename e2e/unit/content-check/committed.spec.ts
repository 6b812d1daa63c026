import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { loadContent } from '../../../scripts/build/check-content';
import { checkAfter } from '../../support/content-check';

/**
 * The content as committed: it passes the check and lists the placeholders to replace before going
 * live, and every field explains itself in words, without code, when an editor hovers it.
 */

test('the content as committed passes, and lists what to replace before going live', () => {
  const { errors, goLive } = checkAfter([]);
  expect(errors).toEqual([]);
  // The places of the go-live lines are the cases' concern: here, the list and its words.
  expect(goLive.map((line) => line.replace(/:\d+:\d+ /, ' '))).toEqual(
    expect.arrayContaining([
      'content/contact.ts  contact.generalEmail: southafrica.privatebank@example.com is an example address',
      "content/contact.ts  contact.helpPhone: +44 20 7946 0123 is from Ofcom's drama range",
      'content/navigation.ts  navigation.logIn.href: # is a placeholder link that goes nowhere',
      'content/security-txt.ts  securityTxt.contact: mailto:security@example.com is an example address',
      'content/site.ts  site.url: https://private-bank.example.com is an example address',
      "content/legal.ts  legal.fspNumber: 00000 is a placeholder: write the bank's registered number",
      "content/legal.ts  legal.firmReference: 000000 is a placeholder: write the bank's registered number",
      ...['privacy', 'paia', 'complaints', 'cookies', 'accessibility'].map(
        (name) =>
          `content/legal.ts  legal.links.${name}.href: # is a placeholder link that goes nowhere`,
      ),
    ]),
  );
});

test('every field of every content file explains itself in words when an editor hovers it', () => {
  const { options } = ts.parseJsonConfigFileContent(
    ts.readConfigFile('tsconfig.json', ts.sys.readFile).config,
    ts.sys,
    '.',
  );
  const files = loadContent().files.map((file) => path.resolve(file.file));
  // An editor's hover is the TypeScript language service's quick info: ask it, field by field.
  const service = ts.createLanguageService({
    ...ts.sys,
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    getScriptFileNames: () => [...new Set(files)],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      ts.sys.fileExists(file)
        ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8'))
        : undefined,
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
  });
  const fields: string[] = [];
  const undocumented: string[] = [];
  const inCode: string[] = [];
  const visit = (file: string) => (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const hover = service.getQuickInfoAtPosition(file, node.name.getStart());
      const field = `${path.relative('.', file)}: ${node.name.getText()}`;
      fields.push(node.name.getText());
      // The help is the comment's main text, written for editors; its remarks are a developer's.
      const help = ts.displayPartsToString(hover?.documentation);
      if (!help.trim()) undocumented.push(field);
      // A name in backquotes is code, which an editor does not read: help says it in words.
      if (help.includes('`')) inCode.push(`${field}: ${help}`);
    }
    ts.forEachChild(node, visit(file));
  };
  for (const file of new Set(files))
    ts.forEachChild(service.getProgram()!.getSourceFile(file)!, visit(file));
  expect(undocumented).toEqual([]);
  expect(inCode).toEqual([]);
  expect(fields.length).toBeGreaterThan(100);
});
