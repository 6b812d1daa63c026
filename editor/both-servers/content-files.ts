/**
 * The content files as the editing view reads and writes them. Every value written goes through
 * `save`, or `saveTogether` for several values the check accepts only together (`undo` only puts
 * back the sources from before a save): the values are applied to the content in memory and the
 * whole content check runs over every file (the rules that relate one file to another included);
 * a value the check rejects is never written. A value that passes
 * replaces only its own span of the file's source (a list or group piece by piece, so that the
 * comments inside it stay: piecewise-source.ts), Prettier then lays the file out as
 * `prettier --check` expects, and the file is written atomically (a temporary file, then a
 * rename). A file changed since the view read it (on disk, or by a save of another tab) is never
 * overwritten. One write runs at a time, from its reading of the file to its writing of it: two
 * saves that interleaved would each pass the version check before either wrote, and the second
 * would silently write over the first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import prettier from 'prettier';
import { contentSchema } from '../../content/schema';
import { checkWarnings, findingsIn, problemsOf } from '../../scripts/build/check-content';
import type { Finding } from '../../scripts/build/content-rules';
import {
  fieldName,
  readContent,
  type ContentFile,
  type Problem,
} from '../../scripts/build/read-content';
import { piecewiseSource } from './piecewise-source';
import {
  CHANGED_IN_ANOTHER_TAB,
  CHANGED_ON_DISK,
  type Conflict,
  type FieldPath,
  type Refusal,
} from '../shared/protocol';
import { sourceText } from './source-text';
import { valueAt, withValueAt } from '../shared/values';

export type { Conflict, FieldPath, Refusal } from '../shared/protocol';

/** One content file as last read: its source, and the source as data (absent while it has a slip). */
export type ReadFile = {
  file: string;
  name: string;
  source: string;
  read: ContentFile | undefined;
};

/**
 * A value written, as the editing service's audit log records it: by which tab, whether a save, a
 * discard or an undo, the field, and its value before and after.
 */
export type Write = {
  action: 'save' | 'discard' | 'undo' | 'keep main';
  tab: string;
  file: string;
  field: FieldPath;
  before: unknown;
  after: unknown;
};

/**
 * One tab's last save, which its Undo puts back: its fields with the value each held before and
 * after, and each file it wrote, with its source before and after.
 */
type Save = {
  fields: { field: FieldPath; was: unknown; now: unknown }[];
  files: { file: string; before: string; after: string }[];
};

/**
 * A file's source with one value written into it, not yet laid out: the value's own span, or for a
 * field the file does not write yet (an optional one filled, an item the form added) or is to
 * leave out (an optional one emptied), the span of the nearest group or list around it that the
 * file writes. A list or group keeps the comments inside it, piece by piece; a value alone is
 * written afresh.
 */
function sourceWith(source: string, file: string, field: FieldPath, value: unknown): string {
  const read = readContentOnce(source, file);
  if (Array.isArray(read)) throw new Error(`${file} cannot be read as it is`);
  const newValue = withValueAt(read.value, field.slice(1), value);
  let depth = valueAt(newValue, field.slice(1)) === undefined ? field.length - 1 : field.length;
  while (!read.spans.has(fieldName(field.slice(0, depth)))) depth -= 1;
  const { start, end } = read.spans.get(fieldName(field.slice(0, depth)))!;
  const toWrite = valueAt(newValue, field.slice(1, depth));
  const written =
    piecewiseSource(source, start, valueAt(read.value, field.slice(1, depth)), toWrite) ??
    sourceText(toWrite);
  return source.slice(0, start) + written + source.slice(end);
}

/** A fingerprint of a file's source, which the view hands back to show which version it edits. */
export const versionOf = (source: string) =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/** The export name a content file holds, from its file name: south-africa.ts exports southAfrica. */
const exportName = (fileName: string) =>
  path.basename(fileName, '.ts').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Each content file's source as data, by file and source, for the last PARSES_KEPT sources read: a
 * parse is most of a save's time (docs/performance.md), and each save and each look at the files
 * would otherwise parse every file again, though at most one changed. Shared by every folder the
 * editing service serves, whose files mostly hold the same sources. What it keeps is never changed:
 * a value saved is applied to a copy (shared/values.ts).
 */
const parses = new Map<string, ReturnType<typeof readContent>>();
const PARSES_KEPT = 500;

/** A content file's source as data (or its slips), parsed once for each source. */
function readContentOnce(source: string, file: string): ReturnType<typeof readContent> {
  const key = `${file} ${versionOf(source)}`;
  let read = parses.get(key);
  if (read === undefined) {
    read = readContent(source, file);
    parses.set(key, read);
    // The oldest goes first: a Map keeps its keys in the order they were set.
    if (parses.size > PARSES_KEPT) parses.delete(parses.keys().next().value!);
  }
  return read;
}

/** How many contents' findings a folder's files keep: a save's before and after, and a few more. */
const FINDINGS_KEPT = 8;

/** A problem's identity, to tell the problems a change brings from those already there. */
const problemKey = (p: Problem) => `${p.field} ${p.message}`;

/**
 * The content files of a project folder (the working folder of npm run edit, or a workspace of the
 * editing service), read, checked and written in place. The check reads public/ from the working
 * folder, so the editor runs in the project's root, and the service in its own checkout of the
 * project, whose pictures the workspaces share.
 */
export class ContentFiles {
  /**
   * Each tab's last save, by tab, which that tab's Undo puts back. One only, as the button says:
   * the saves before it are the files' history, which git keeps. Per tab, so that Undo in one tab
   * never takes back what the editor did in another.
   */
  private readonly lastSaves = new Map<string, Save>();

  /**
   * The tab whose write produced each source this editor wrote, by file and version: a conflict
   * over a file that holds one of them is another tab's doing, not a change on disk.
   */
  private readonly writers = new Map<string, string>();

  /**
   * The check's findings in the contents it judged last, by `judged`: each save judges the content
   * before it, which the save before judged as after it, and a proposal judges what the last save
   * wrote. The whole check is most of a save's time, and of a proposal's in the service.
   */
  private readonly findings = new Map<string, Finding[]>();

  /** The last write queued: each write waits for the one before it to end, well or not. */
  private writing: Promise<unknown> = Promise.resolve();

  /**
   * @param root The folder whose content/ it reads and writes: the project's root, or a workspace.
   * @param around Runs each write, given its values: the editing service records them before
   *   writing (and refuses the write where it cannot) and after; without it, the files are written.
   */
  constructor(
    private readonly root = process.cwd(),
    private readonly around: (writes: Write[], write: () => void) => void = (_, write) => write(),
  ) {}

  /** Every content file of content/, read from disk now. */
  readAll(): ReadFile[] {
    const folder = path.join(this.root, 'content');
    return readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => this.readOne(`content/${name}`));
  }

  private readOne(file: string): ReadFile {
    const source = readFileSync(path.join(this.root, file), 'utf8');
    const read = readContentOnce(source, file);
    return { file, name: exportName(file), source, read: Array.isArray(read) ? undefined : read };
  }

  /**
   * Every problem the check finds with these files: the slips that keep a file from being read
   * as data, else the check's findings, go-live reminders among them.
   */
  problems(files: ReadFile[]): Problem[] {
    const found = this.found(files);
    return 'slips' in found ? found.slips : problemsOf(found.findings, found.read, found.content);
  }

  /**
   * Whether the check finds nothing in these files but go-live reminders, as `problems` would say,
   * without placing each finding in its file: what a proposal asks.
   */
  passes(files: ReadFile[]): boolean {
    const found = this.found(files);
    return !('slips' in found) && found.findings.every((finding) => finding.goLive);
  }

  /** The slips in these files, or else the check's findings in them, judged once for each content. */
  private found(files: ReadFile[]) {
    const slips = files.flatMap(({ source, file }) => {
      const read = readContentOnce(source, file);
      return Array.isArray(read) ? read : [];
    });
    if (slips.length > 0) return { slips };
    const read = files.map(({ read }) => read!);
    const content = Object.fromEntries(read.map((file) => [file.name, file.value]));
    const judged = this.judged(content);
    let findings = this.findings.get(judged);
    if (!findings) {
      findings = findingsIn(content, contentSchema, path.join(this.root, 'public'));
      this.findings.set(judged, findings);
      // The oldest goes first: a Map keeps its keys in the order they were set.
      if (this.findings.size > FINDINGS_KEPT)
        this.findings.delete(this.findings.keys().next().value!);
    }
    return { findings, read, content };
  }

  /**
   * What the check's findings are of, in a few bytes: the content's values, the names of the
   * files in public/ (the check asks whether the pictures and files the content names are there)
   * and the minute (it counts the time left until an expiry), so that findings are used again only
   * where the check would find the same. The values as JSON (where an optional field left empty
   * and one not written are alike, as they are to the check), not v8's serialization, which writes
   * a string as V8 holds it, one byte a character or two, so that a value read from a file and the
   * same value as saved would differ.
   */
  private judged(content: Record<string, unknown>) {
    const folder = path.join(this.root, 'public');
    const files = existsSync(folder) ? readdirSync(folder, { recursive: true }).sort() : [];
    return createHash('sha256')
      .update(JSON.stringify([content, files, Math.floor(Date.now() / 60_000)]))
      .digest('hex');
  }

  /**
   * What the check warns of in these files without refusing them (a character nobody sees, a text
   * too long, an emoji in a heading), each with its fix; none while a file cannot be read.
   */
  warnings(files: ReadFile[]): Problem[] {
    if (files.some(({ read }) => !read)) return [];
    return checkWarnings(files.map(({ read }) => read!));
  }

  /**
   * What the check says of the content with one value changed, without writing anything.
   * @returns The problems the change brings (in any file), every go-live reminder, and every
   *   warning of the content so changed.
   */
  check(field: FieldPath, value: unknown): { problems: Problem[]; warnings: Problem[] } | Refusal {
    const files = this.readAll();
    const changed = this.applied(files, field, value);
    if ('refused' in changed) return changed;
    return { problems: this.newProblems(files, changed), warnings: this.warnings(changed) };
  }

  /** The files with one value changed in memory, or a refusal for a field no file holds. */
  private applied(files: ReadFile[], field: FieldPath, value: unknown): ReadFile[] | Refusal {
    const target = files.find((file) => file.name === field[0]);
    const keys = field.slice(1);
    if (!target?.read || (keys.length > 0 && valueAt(target.read.value, keys.slice(0, -1)) == null))
      return { refused: 'unknown field', field: fieldName(field) };
    const changedValue = withValueAt(target.read.value, keys, value);
    return files.map((file) =>
      file === target ? { ...file, read: { ...file.read!, value: changedValue } } : file,
    );
  }

  /** The errors in `after` that `before` did not have, and every go-live reminder of `after`. */
  private newProblems(before: ReadFile[], after: ReadFile[]): Problem[] {
    const existing = new Set(this.problems(before).map(problemKey));
    return this.problems(after).filter((p) => p.goLive || !existing.has(problemKey(p)));
  }

  /**
   * Runs a write once every write queued before it has ended, so that no two interleave; the
   * editing service's proposal runs in turn too, so that no save lands between its list of the
   * change in words and its commit.
   */
  inTurn<T>(write: () => T | Promise<T>): Promise<T> {
    const turn = this.writing.then(write);
    this.writing = turn.catch(() => undefined);
    return turn;
  }

  /** Whether a file as it is now holds what a save of another tab than this one wrote. */
  writtenByAnotherTab(file: ReadFile, tab: string | undefined): boolean {
    const writer = this.writers.get(`${file.file} ${versionOf(file.source)}`);
    return writer !== undefined && writer !== tab;
  }

  /**
   * The conflict of a write to a field of a file that changed since the tab read it: another
   * tab's where the file holds what a save of another tab wrote, else one on disk.
   */
  private conflict(target: ReadFile, field: FieldPath, yours: unknown, tab: string): Conflict {
    return {
      refused: this.writtenByAnotherTab(target, tab) ? CHANGED_IN_ANOTHER_TAB : CHANGED_ON_DISK,
      file: target.file,
      field: fieldName(field),
      theirs: target.read && valueAt(target.read.value, field.slice(1)),
      yours,
    };
  }

  /** Writes a file for a tab, and notes that tab as the writer of the version it produced. */
  private writeFor(tab: string, file: string, source: string) {
    this.write(file, source);
    this.writers.set(`${file} ${versionOf(source)}`, tab);
  }

  /**
   * Writes one value into its file, if the check accepts it and the file is still the version the
   * view read, once the writes before it have ended.
   * @param version The version of the file the view's value was typed over.
   * @param tab The tab that saves, whose Undo puts this save back.
   * @param action A save of the editor's value, or a discard putting back the committed one.
   * @returns The file's new version, or why nothing was written.
   */
  save(
    field: FieldPath,
    value: unknown,
    version: string,
    tab: string,
    action: 'save' | 'discard' | 'keep main' = 'save',
  ): Promise<{ version: string; problems: Problem[]; warnings: Problem[] } | Refusal> {
    return this.inTurn(() => this.saveNow(field, value, version, tab, action));
  }

  private async saveNow(
    field: FieldPath,
    value: unknown,
    version: string,
    tab: string,
    action: 'save' | 'discard' | 'keep main',
  ): Promise<{ version: string; problems: Problem[]; warnings: Problem[] } | Refusal> {
    const saved = await this.saveTogetherNow([{ field, value, version }], tab, action);
    if ('refused' in saved) return saved;
    const { problems, warnings } = saved;
    return { version: saved.versions[field[0] as string] ?? version, problems, warnings };
  }

  /**
   * Writes several values as one save, once the writes before it have ended: the check judges them
   * together, so that a change it accepts only whole is written whole (a navigation item's id
   * renamed with the page that names it), or nothing is. Each file must still be the version its
   * value was typed over. Undo takes the whole save back.
   * @returns Each file's new version by export name, or why nothing was written.
   */
  saveTogether(
    saves: { field: FieldPath; value: unknown; version: string }[],
    tab: string,
  ): Promise<
    { versions: Record<string, string>; problems: Problem[]; warnings: Problem[] } | Refusal
  > {
    return this.inTurn(() => this.saveTogetherNow(saves, tab, 'save'));
  }

  private async saveTogetherNow(
    saves: { field: FieldPath; value: unknown; version: string }[],
    tab: string,
    action: 'save' | 'discard' | 'keep main',
  ): Promise<
    { versions: Record<string, string>; problems: Problem[]; warnings: Problem[] } | Refusal
  > {
    const files = this.readAll();
    for (const { field, value, version } of saves) {
      const target = files.find((file) => file.name === field[0]);
      if (target && versionOf(target.source) !== version)
        return this.conflict(target, field, value, tab);
    }
    let changed = files;
    for (const { field, value } of saves) {
      const next = this.applied(changed, field, value);
      if ('refused' in next) return next;
      changed = next;
    }
    const problems = this.newProblems(files, changed);
    if (problems.some((p) => !p.goLive)) return { refused: 'check', problems };
    // Each value goes into its file's source in turn, each file's source read again after each.
    const edited = new Map<string, string>();
    for (const { field, value } of saves) {
      const target = files.find((file) => file.name === field[0])!;
      const source = edited.get(target.name) ?? target.source;
      edited.set(target.name, sourceWith(source, target.file, field, value));
    }
    const writes: { file: string; before: string; after: string }[] = [];
    const versions: Record<string, string> = {};
    for (const [name, source] of edited) {
      const { file, source: before } = files.find((f) => f.name === name)!;
      const formatted = await this.format(source, file);
      const reread = readContentOnce(formatted, file);
      const expected = changed.find((f) => f.name === name)!.read!.value;
      if (Array.isArray(reread) || !isDeepStrictEqual(reread.value, expected))
        throw new Error(`the editor would have written ${file} wrongly; nothing was written`);
      versions[name] = versionOf(formatted);
      // A file the save leaves as it was (a field left again with its value) is not written.
      if (formatted !== before) writes.push({ file, before, after: formatted });
    }
    // A save that changes nothing writes nothing to undo.
    const warnings = this.warnings(changed);
    if (writes.length === 0) return { versions, problems, warnings };
    const fields = saves.map(({ field }) => {
      const before = files.find((f) => f.name === field[0])!.read!.value;
      const after = changed.find((f) => f.name === field[0])!.read!.value;
      return { field, was: valueAt(before, field.slice(1)), now: valueAt(after, field.slice(1)) };
    });
    this.around(
      fields.map(({ field, was, now }) => ({
        action,
        tab,
        file: files.find((f) => f.name === field[0])!.file,
        field,
        before: was,
        after: now,
      })),
      () => {
        for (const { file, after } of writes) this.writeFor(tab, file, after);
      },
    );
    this.lastSaves.set(tab, { fields, files: writes });
    return { versions, problems, warnings };
  }

  /** The source laid out by Prettier with the project's own settings, as `prettier --check` wants. */
  private async format(source: string, file: string): Promise<string> {
    const filepath = path.join(this.root, file);
    const options = await prettier.resolveConfig(filepath);
    return prettier.format(source, { ...options, filepath });
  }

  /** Writes a file whole or not at all: a temporary file beside it, then a rename over it. */
  private write(file: string, source: string) {
    const target = path.join(this.root, file);
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${process.pid}.tmp`,
    );
    writeFileSync(temporary, source);
    renameSync(temporary, target);
  }

  /** Puts a file's source back as it was read, whole (the service undoing a merge it could not finish). */
  restore(file: string, source: string) {
    this.write(file, source);
  }

  /** Whether a tab has a save to undo. */
  canUndo(tab: string) {
    return this.lastSaves.has(tab);
  }

  /** Forgets every tab's last save, once the saves are committed: Undo would undo the commit's content. */
  forgetLastSaves() {
    this.lastSaves.clear();
  }

  /**
   * Puts back the files a tab's last save changed, as they were before, unless one changed since.
   * @returns The first file put back and the first field saved, or the conflict when a file changed
   *   after the save (its `yours` being the value Undo would have put back), or undefined when the
   *   tab has no save to undo.
   */
  undo(tab: string): Promise<{ file: string; field: FieldPath } | Conflict | undefined> {
    return this.inTurn(() => {
      const last = this.lastSaves.get(tab);
      if (!last) return undefined;
      for (const { file, after } of last.files) {
        const now = this.readOne(file);
        if (now.source === after) continue;
        const field = last.fields.find(({ field }) => now.name === field[0]) ?? last.fields[0]!;
        return this.conflict(now, field.field, field.was, tab);
      }
      const files = this.readAll();
      this.around(
        last.fields.map(({ field, was, now }) => ({
          action: 'undo',
          tab,
          file: files.find((f) => f.name === field[0])!.file,
          field,
          before: now,
          after: was,
        })),
        () => {
          for (const { file, before } of last.files) this.writeFor(tab, file, before);
        },
      );
      this.lastSaves.delete(tab);
      return { file: last.files[0]!.file, field: last.fields[0]!.field };
    });
  }
}
