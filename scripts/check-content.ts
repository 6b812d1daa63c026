/**
 * Checks every content module before a build, so a wrong edit fails with a message naming the file
 * and the field instead of shipping a broken page. Also lists, as warnings, the placeholder values
 * (fictional numbers, example addresses, '#' links) still to replace before going live.
 *
 * Usage: tsx scripts/check-content.ts [content directory] [--summary]
 *   content directory  default: content
 *   --summary          count the placeholders instead of listing them (the build uses this)
 * Exit code: 0 when there are no errors (warnings allowed), 1 otherwise.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isValidPhoneNumber,
  parsePhoneNumberWithError,
  type CountryCode,
} from 'libphonenumber-js/max';
import { placeholdersOf } from '../lib/template';

type Finding = { file: string; field: string; message: string };

type Context = {
  file: string;
  phoneCountry: CountryCode;
  publicDir: string;
  errors: Finding[];
  warnings: Finding[];
};

/** The placeholders each templated field may use; paths use [] for any list position. */
const PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'site.pageTitle': ['page', 'division', 'name'],
  'site.copyright': ['year', 'name'],
  'contact.hours.text': ['opens', 'closes', 'timeZone', 'from', 'to'],
  'southAfrica.intro[]': ['minimumPortfolio'],
  'southAfrica.contact.prospects.paragraphs[]': ['minimumPortfolio'],
  'southAfrica.backTo': ['parent'],
  'southAfrica.contact.clients.phoneLine': ['label', 'phone'],
  'southAfrica.contact.clients.emailLine': ['email'],
  'notFound.help': ['phone', 'helpCentre'],
};

/**
 * A valid e-mail address, as the HTML standard defines it for <input type="email">.
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761). */
const EXAMPLE_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/**
 * Starts of the UK national numbers that Ofcom reserves for TV and radio drama (020 7946 0xxx,
 * 0113 496 0xxx, 0808 157 0xxx, 07700 900xxx and the rest): fine for a preview, never for clients.
 */
const DRAMA_NUMBER =
  /^(11[3-8]4960|1[2-6]14960|1914980|2079460|2896496|2920180|1632960|7700900|8081570|9098790|3069990)/;

/** Link schemes a visitor may safely follow. */
const SAFE_SCHEMES = new Set(['https:', 'mailto:', 'tel:']);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function checkSiteUrl(value: string, field: string, ctx: Context): void {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || url.protocol !== 'https:' || url.href !== `${url.origin}/` || value.endsWith('/')) {
    ctx.errors.push({
      file: ctx.file,
      field,
      message: `"${value}" must be an https:// address with nothing after the host, like https://www.example.com`,
    });
  } else if (EXAMPLE_DOMAIN.test(url.hostname)) {
    ctx.warnings.push({ file: ctx.file, field, message: `${value} is an example address` });
  }
}

function checkPhone(value: string, field: string, ctx: Context): void {
  if (!isValidPhoneNumber(value, ctx.phoneCountry)) {
    ctx.errors.push({
      file: ctx.file,
      field,
      message: `"${value}" is not a valid phone number (numbers without + are read as ${ctx.phoneCountry} numbers)`,
    });
    return;
  }
  if (DRAMA_NUMBER.test(parsePhoneNumberWithError(value, ctx.phoneCountry).nationalNumber)) {
    ctx.warnings.push({
      file: ctx.file,
      field,
      message: `${value} is a fictional number from Ofcom's drama range`,
    });
  }
}

function checkEmail(value: string, field: string, ctx: Context): void {
  if (!EMAIL.test(value)) {
    ctx.errors.push({ file: ctx.file, field, message: `"${value}" is not a valid e-mail address` });
  } else if (EXAMPLE_DOMAIN.test(value.slice(value.lastIndexOf('@') + 1))) {
    ctx.warnings.push({ file: ctx.file, field, message: `${value} is an example address` });
  }
}

function checkHref(value: string, field: string, ctx: Context): void {
  if (value === '#') {
    ctx.warnings.push({
      file: ctx.file,
      field,
      message: `'#' is a placeholder link that goes nowhere`,
    });
    return;
  }
  const unsafe = (why: string) =>
    ctx.errors.push({ file: ctx.file, field, message: `"${value}" is not a safe link: ${why}` });
  if (value.trim() !== value || value === '') {
    unsafe('it is empty or starts or ends with spaces');
  } else if (value.startsWith('/') || value.startsWith('#')) {
    // Paths and fragments stay on this site, except '//host', which browsers read as another site.
    if (value.startsWith('//') || value.includes('\\')) unsafe('use https:// for another site');
  } else {
    // The URL parser drops tabs and line breaks as browsers do, so 'java\tscript:' is caught too.
    const scheme = URL.canParse(value) ? new URL(value).protocol : '';
    if (!SAFE_SCHEMES.has(scheme)) {
      unsafe('use a path on this site, or an https:, mailto: or tel: address');
    }
  }
}

function checkText(value: string, field: string, key: string, ctx: Context): void {
  // Only an image's alt may be empty, and it says so: '' marks a decorative image.
  if (value.trim() === '' && key !== 'alt') {
    ctx.errors.push({
      file: ctx.file,
      field,
      message: 'is empty; write the text or remove the field',
    });
    return;
  }
  const allowed = PLACEHOLDERS[field.replace(/\[\d+\]/g, '[]')] ?? [];
  for (const name of placeholdersOf(value)) {
    if (!allowed.includes(name)) {
      const offer = allowed.length > 0 ? allowed.map((n) => `{${n}}`).join(' ') : 'none';
      ctx.errors.push({
        file: ctx.file,
        field,
        message: `uses {${name}}, which this field does not offer (it offers: ${offer})`,
      });
    }
  }
  if ((key === 'opens' || key === 'closes') && !TIME.test(value)) {
    ctx.errors.push({
      file: ctx.file,
      field,
      message: `"${value}" is not a 24-hour time like 09:00`,
    });
  }
  if (key === 'timeZone') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
    } catch {
      ctx.errors.push({ file: ctx.file, field, message: `"${value}" is not a time zone name` });
    }
  }
  if (key === 'country' && !/^[A-Z]{2}$/.test(value)) {
    ctx.errors.push({
      file: ctx.file,
      field,
      message: `"${value}" is not a two-letter country code like ZA`,
    });
  }
  if (key === 'src' && !existsSync(path.join(ctx.publicDir, value))) {
    ctx.errors.push({ file: ctx.file, field, message: `${value} is not a file under public/` });
  }
}

function checkValue(value: unknown, field: string, key: string, ctx: Context): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkValue(item, `${field}[${index}]`, key, ctx));
  } else if (typeof value === 'object' && value !== null) {
    for (const [childKey, child] of Object.entries(value)) {
      checkValue(child, `${field}.${childKey}`, childKey, ctx);
    }
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= 0) {
      ctx.errors.push({
        file: ctx.file,
        field,
        message: `${value} must be a whole number above 0`,
      });
    }
  } else if (typeof value === 'string') {
    if (key === 'phone' || key.endsWith('Phone')) checkPhone(value, field, ctx);
    else if (key === 'email' || key.endsWith('Email')) checkEmail(value, field, ctx);
    else if (key === 'href') checkHref(value, field, ctx);
    else if (key === 'url') checkSiteUrl(value, field, ctx);
    else checkText(value, field, key, ctx);
  }
}

/** Ids that other fields refer to must exist: a page's section and the current group site. */
function checkReferences(modules: Map<string, Record<string, unknown>>, errors: Finding[]): void {
  const nav = modules.get('navigation.ts')?.navigation as
    { group: { id: string }[]; main: { id: string }[]; groupCurrent: string } | undefined;
  const page = modules.get('south-africa.ts')?.southAfrica as { section: string } | undefined;
  if (!nav || !page) return;
  if (!nav.group.some((item) => item.id === nav.groupCurrent)) {
    errors.push({
      file: 'navigation.ts',
      field: 'navigation.groupCurrent',
      message: `"${nav.groupCurrent}" is not the id of an item in navigation.group`,
    });
  }
  if (!nav.main.some((item) => item.id === page.section)) {
    errors.push({
      file: 'south-africa.ts',
      field: 'southAfrica.section',
      message: `"${page.section}" is not the id of an item in navigation.main`,
    });
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const summary = args.includes('--summary');
  const dir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'content');
  const shown = path.relative(process.cwd(), dir) || '.';
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && name !== 'types.ts')
    .sort();
  const modules = new Map<string, Record<string, unknown>>();
  for (const name of files) {
    modules.set(
      name,
      (await import(pathToFileURL(path.join(dir, name)).href)) as Record<string, unknown>,
    );
  }
  const site = modules.get('site.ts')?.site as { phoneCountry?: CountryCode } | undefined;
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const [name, exports] of modules) {
    const ctx: Context = {
      file: name,
      phoneCountry: site?.phoneCountry ?? 'GB',
      publicDir: path.join(dir, '..', 'public'),
      errors,
      warnings,
    };
    for (const [exportName, value] of Object.entries(exports)) {
      checkValue(value, exportName, exportName, ctx);
    }
  }
  checkReferences(modules, errors);

  const line = (f: Finding) => `  ${shown}/${f.file}  ${f.field}: ${f.message}`;
  if (warnings.length > 0) {
    const count = `content:check: ${warnings.length} placeholder(s) to replace before going live`;
    console.warn(summary ? `${count} (npm run content:check lists them)` : `${count}:`);
    if (!summary) console.warn(warnings.map(line).join('\n'));
  }
  if (errors.length > 0) {
    console.error(`content:check: ${errors.length} error(s); fix these fields and build again:`);
    console.error(errors.map(line).join('\n'));
    return 1;
  }
  console.log(`content:check: ${files.length} content files OK`);
  return 0;
}

process.exitCode = await main();
