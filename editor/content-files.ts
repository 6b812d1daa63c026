/**
 * The content files as the editing view reads and writes them. Every value written goes through
 * `save` (`undo` only puts back a file's source from before a save): the value is applied to the
 * content in memory and the whole content check runs over every file (the rules that relate one
 * file to another included); a value the check rejects is never written. A value that passes
 * replaces only its own span of the file's source (a list or group piece by piece, so that the
 * comments inside it stay: piecewise-source.ts), Prettier then lays the file out as
 * `prettier --check` expects, and the file is written atomically (a temporary file, then a
 * rename). A file changed on disk since the view read it is never overwritten.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import prettier from 'prettier';
import { checkContent } from '../scripts/build/check-content';
import {
  fieldName,
  readContent,
  type ContentFile,
  type Problem,
} from '../scripts/build/read-content';
import { piecewiseSource } from './piecewise-source';
import { sourceText } from './source-text';
import { valueAt, withValueAt } from './values';

/** A field's path: the file's export name, then each key or index, as the check's findings have it. */
export type FieldPath = (string | number)[];

/** One content file as last read: its source, and the source as data (absent while it has a slip). */
export type ReadFile = {
  file: string;
  name: string;
  source: string;
  read: ContentFile | undefined;
};

/**
 * Why a write was refused, with what the view shows. A write is refused; a request the gate does
 * not let through is forbidden (request-gate.ts).
 */
export type Refusal =
  | { refused: 'check'; problems: Problem[] }
  | { refused: 'changed on disk'; file: string }
  | { refused: 'unknown field'; field: string };

/** A fingerprint of a file's source, which the view hands back to show which version it edits. */
export const versionOf = (source: string) =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/** The export name a content file holds, from its file name: south-africa.ts exports southAfrica. */
const exportName = (fileName: string) =>
  path.basename(fileName, '.ts').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** A problem's identity, to tell the problems a change brings from those already there. */
const problemKey = (p: Problem) => `${p.field} ${p.message}`;

/**
 * The content files of the project in the working folder, read, checked and written in place. The
 * check reads public/ from the working folder too, so the editor runs in the project's root.
 */
export class ContentFiles {
  /**
   * The last save, which Undo puts back: its field, and its file's source before and after. One
   * only, as the button says: the saves before it are the files' history, which git keeps.
   */
  private lastSave: { field: FieldPath; file: string; before: string; after: string } | undefined;

  private readonly root = process.cwd();

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
    const read = readContent(source, file);
    return { file, name: exportName(file), source, read: Array.isArray(read) ? undefined : read };
  }

  /**
   * Every problem the check finds with these files: the slips that keep a file from being read
   * as data, else the check's findings, go-live reminders among them.
   */
  problems(files: ReadFile[]): Problem[] {
    const slips = files.flatMap(({ source, file }) => {
      const read = readContent(source, file);
      return Array.isArray(read) ? read : [];
    });
    if (slips.length > 0) return slips;
    return checkContent(files.map(({ read }) => read!));
  }

  /**
   * What the check says of the content with one value changed, without writing anything.
   * @returns The problems the change brings (in any file), and every go-live reminder.
   */
  check(field: FieldPath, value: unknown): { problems: Problem[] } | Refusal {
    const files = this.readAll();
    const changed = this.applied(files, field, value);
    if ('refused' in changed) return changed;
    return { problems: this.newProblems(files, changed) };
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
   * Writes one value into its file, if the check accepts it and the file is still the version the
   * view read.
   * @param version The version of the file the view's value was typed over.
   * @returns The file's new version, or why nothing was written.
   */
  async save(
    field: FieldPath,
    value: unknown,
    version: string,
  ): Promise<{ version: string; problems: Problem[] } | Refusal> {
    const files = this.readAll();
    const target = files.find((file) => file.name === field[0]);
    if (target && versionOf(target.source) !== version)
      return { refused: 'changed on disk', file: target.file };
    const changed = this.applied(files, field, value);
    if ('refused' in changed) return changed;
    const problems = this.newProblems(files, changed);
    if (problems.some((p) => !p.goLive)) return { refused: 'check', problems };
    const { file, source, read } = target!;
    const newValue = changed.find((f) => f.name === field[0])!.read!.value;
    // The value's own span, or for a field the file does not write yet (an optional one filled,
    // an item the form added) or is to leave out (an optional one emptied), the span of the
    // nearest group or list around it that the file writes.
    let depth = valueAt(newValue, field.slice(1)) === undefined ? field.length - 1 : field.length;
    while (!read!.spans.has(fieldName(field.slice(0, depth)))) depth -= 1;
    const { start, end } = read!.spans.get(fieldName(field.slice(0, depth)))!;
    const toWrite = valueAt(newValue, field.slice(1, depth));
    // A list or group keeps the comments inside it, piece by piece; a value alone is written afresh.
    const written =
      piecewiseSource(source, start, valueAt(read!.value, field.slice(1, depth)), toWrite) ??
      sourceText(toWrite);
    const edited = source.slice(0, start) + written + source.slice(end);
    const formatted = await this.format(edited, file);
    const reread = readContent(formatted, file);
    if (Array.isArray(reread) || !isDeepStrictEqual(reread.value, newValue))
      throw new Error(`the editor would have written ${file} wrongly; nothing was written`);
    // A save that changes nothing (the field left again with its value) writes nothing to undo.
    if (formatted === source) return { version, problems };
    this.write(file, formatted);
    this.lastSave = { field, file, before: source, after: formatted };
    return { version: versionOf(formatted), problems };
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

  /** Whether there is a save to undo. */
  get canUndo() {
    return this.lastSave !== undefined;
  }

  /** Forgets the last save, once it is committed: Undo would then undo the commit's content. */
  forgetLastSave() {
    this.lastSave = undefined;
  }

  /**
   * Puts back the file the last save changed, as it was before, unless it changed since.
   * @returns The file put back and the field saved, or the refusal when the file changed on disk
   *   after the save.
   */
  undo(): { file: string; field: FieldPath } | Refusal | undefined {
    const last = this.lastSave;
    if (!last) return undefined;
    const now = readFileSync(path.join(this.root, last.file), 'utf8');
    if (now !== last.after) return { refused: 'changed on disk', file: last.file };
    this.lastSave = undefined;
    this.write(last.file, last.before);
    return { file: last.file, field: last.field };
  }
}
