import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);

/** Runs the content check on a copy of content/ with one edit; resolves with its exit code and output. */
async function checkEdited(edit?: { file: string; find: string; replace: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-check-'));
  try {
    cpSync('content', path.join(dir, 'content'), { recursive: true });
    symlinkSync(path.resolve('public'), path.join(dir, 'public'));
    if (edit) {
      const file = path.join(dir, 'content', edit.file);
      const source = readFileSync(file, 'utf8');
      // The edit must apply, or the test would pass on unchanged content.
      expect(source, `${edit.file} contains ${edit.find}`).toContain(edit.find);
      writeFileSync(file, source.replace(edit.find, edit.replace));
    }
    const result = await run('node_modules/.bin/tsx', [
      'scripts/check-content.ts',
      path.join(dir, 'content'),
    ]).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('content check', () => {
  test('passes the content as it is and lists the placeholders to replace', async () => {
    const { code, output } = await checkEdited();
    expect(code).toBe(0);
    expect(output).toContain('content files OK');
    expect(output).toMatch(/contact\.ts {2}contact\.generalEmail: .*example address/);
    expect(output).toMatch(/contact\.ts {2}contact\.helpPhone: .*Ofcom's drama range/);
    expect(output).toMatch(/navigation\.ts {2}navigation\.logIn\.href: '#' is a placeholder/);
  });

  const badEdits = [
    {
      kind: 'a malformed phone number',
      edit: { file: 'contact.ts', find: "'0808 157 0192'", replace: "'0808 157 019'" },
      field: 'contact.onlineBankingLines[0].phone',
      message: 'is not a valid phone number',
    },
    {
      kind: 'a malformed e-mail address',
      edit: {
        file: 'contact.ts',
        find: "'onlinebanking@example.com'",
        replace: "'onlinebanking@'",
      },
      field: 'contact.onlineBankingEmail',
      message: 'is not a valid e-mail address',
    },
    {
      kind: 'an empty heading',
      edit: {
        file: 'south-africa.ts',
        find: "heading: 'Personal service from a global team'",
        replace: "heading: '  '",
      },
      field: 'southAfrica.sections[0].heading',
      message: 'is empty',
    },
    {
      kind: 'an unsafe javascript: link',
      edit: {
        file: 'navigation.ts',
        find: "label: 'About us', href: '#'",
        replace: "label: 'About us', href: 'javascript:alert(1)'",
      },
      field: 'navigation.service[1].href',
      message: 'is not a safe link',
    },
    {
      kind: 'a link to another site without https',
      edit: { file: 'home.ts', find: "href: '/south-africa'", replace: "href: '//evil.example'" },
      field: 'home.officeLink.href',
      message: 'is not a safe link',
    },
    {
      kind: 'a misspelt placeholder',
      edit: {
        file: 'south-africa.ts',
        find: 'at least {minimumPortfolio}',
        replace: 'at least {minimumPortfolo}',
      },
      field: 'southAfrica.intro[1]',
      message: 'uses {minimumPortfolo}, which this field does not offer',
    },
    {
      kind: 'a section that is not in the navigation',
      edit: {
        file: 'south-africa.ts',
        find: "section: 'locations'",
        replace: "section: 'location'",
      },
      field: 'southAfrica.section',
      message: 'is not the id of an item in navigation.main',
    },
  ];

  for (const bad of badEdits) {
    test(`rejects ${bad.kind}, naming the file and the field`, async () => {
      const { code, output } = await checkEdited(bad.edit);
      expect(code).toBe(1);
      expect(output).toContain(`content/${bad.edit.file}  ${bad.field}: `);
      expect(output).toContain(bad.message);
    });
  }

  test('runs before every build', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.build).toMatch(/^npm run content:check\b.*&& next build/);
  });
});
