/**
 * Where a change stands against main, field by field, and bringing it up to date. A change is
 * counted from the commit of main it started from (or was last brought up to): the fields the
 * editor changed since are theirs, the fields main changed since are main's. Where main changed no
 * field the editor changed, the change is behind and can be brought up to date whole: main's files,
 * with the editor's values written into them (both-servers/content-files.ts, so that the check
 * judges the two together and each value keeps its own span). Where both changed one field to
 * different values, the change is in conflict over it until the editor keeps one of the two.
 *
 * Bringing up to date makes a merge commit of main into the branch where the branch has commits of
 * its own (a proposal's), so that its pull request shows the editor's change alone and merges
 * cleanly; the saves not yet proposed stay saves. Following a branch that moved on the remote is
 * the same, onto the remote's commit, the editor's values winning.
 */
import { isDeepStrictEqual } from 'node:util';
import { fieldName } from '../../scripts/build/read-content';
import { readContent } from '../../scripts/build/read-content';
import { differences, type Change } from '../both-servers/changes';
import {
  ContentFiles,
  versionOf,
  type FieldPath,
  type ReadFile,
} from '../both-servers/content-files';
import { valueAt } from '../shared/values';
import type { Person } from './identity';
import type { Workspace, Workspaces } from './workspaces';

/**
 * Each commit's content files, as the blob each is, by file; and each blob's value, by blob and
 * file. A commit and a blob never change, so each is asked of git once however many changes and
 * looks need it (main's commit, most of all, which every change compares with), and a commit's
 * files that it shares with another are read and parsed once.
 */
const trees = new Map<string, Promise<Map<string, string>>>();
const blobValues = new Map<string, unknown>();
/** The values of the commits the service made, as it made them: by commit, by export name. */
const madeValues = new Map<string, Record<string, unknown>>();
/** How many commits' and blobs' values are kept: thousands of changes' worth. */
const KEPT = 20_000;

/** Keeps a value in a map of at most KEPT, the oldest going first (a Map keeps its keys in order). */
function keep<T>(map: Map<string, T>, key: string, value: T) {
  map.set(key, value);
  if (map.size > KEPT) map.delete(map.keys().next().value!);
}

/**
 * Notes the values of a commit the service made of the files it read (content/ staged whole, as
 * they were), so that no look at the change asks git for them again.
 */
export function madeOf(commit: string, values: Record<string, unknown>) {
  keep(madeValues, commit, values);
}

/**
 * Each content file's value at a commit, by export name: undefined where the commit holds no such
 * file, or one that cannot be read as data.
 * @param root The workspace the commit is in (or the shared copy it borrows from).
 */
export async function valuesAt(
  workspaces: Workspaces,
  files: ReadFile[],
  commit: string,
  root: string,
): Promise<Record<string, unknown>> {
  const made = madeValues.get(commit);
  if (made) return Object.fromEntries(files.map(({ name }) => [name, made[name]]));
  let listing = trees.get(commit);
  if (!listing) {
    listing = workspaces.git(root, ['ls-tree', '-z', commit, '--', 'content/']).then((listed) => {
      const tree = new Map<string, string>();
      // One entry a NUL: its mode, its type and its blob, a tab, then its path.
      for (const entry of listed.split('\0').filter(Boolean)) {
        const [about, file] = entry.split('\t') as [string, string];
        const [, type, blob] = about.split(' ');
        if (type === 'blob' && blob) tree.set(file, blob);
      }
      return tree;
    });
    keep(trees, commit, listing);
    // A commit git could not list (not fetched here yet) is asked again next time.
    listing.catch(() => trees.delete(commit));
  }
  const tree = await listing.catch(() => new Map<string, string>());
  await Promise.all(
    files.map(async ({ file }) => {
      const blob = tree.get(file);
      if (blob === undefined || blobValues.has(`${blob} ${file}`)) return;
      const source = await workspaces.git(root, ['cat-file', 'blob', blob]);
      const read = readContent(source, file);
      keep(blobValues, `${blob} ${file}`, Array.isArray(read) ? undefined : read.value);
    }),
  );
  return Object.fromEntries(
    files.map(({ file, name }) => {
      const blob = tree.get(file);
      return [name, blob === undefined ? undefined : blobValues.get(`${blob} ${file}`)];
    }),
  );
}

/** Each content file's value as the workspace holds it now, by export name. */
export const valuesOf = (files: ReadFile[]) =>
  Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));

/** The fields that differ between two sets of files' values. */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after).flatMap((name) => differences(before[name], after[name], [name]));
}

/** Whether one field is another, or inside it, or holds it. */
const overlaps = (a: FieldPath, b: FieldPath) => {
  const length = Math.min(a.length, b.length);
  return a.slice(0, length).every((key, i) => key === b[i]);
};

/** A field changed on main and by the editor, to different values. */
export type FieldConflict = {
  field: FieldPath;
  /** main's value when the change started, main's now, and the editor's. */
  was: unknown;
  main: unknown;
  yours: unknown;
};

/**
 * The fields main and the editor both changed, to different values: each at the outer of the two
 * fields where one holds the other (a list main lengthened, an item of it the editor changed).
 */
export function conflictsOf(
  base: Record<string, unknown>,
  main: Record<string, unknown>,
  yours: Record<string, unknown>,
): FieldConflict[] {
  const ours = changesBetween(base, yours);
  const theirs = changesBetween(base, main);
  const found = new Map<string, FieldConflict>();
  for (const our of ours)
    for (const their of theirs) {
      if (!overlaps(our.field, their.field)) continue;
      const field = our.field.length <= their.field.length ? our.field : their.field;
      const at = (values: Record<string, unknown>) =>
        valueAt(values[field[0] as string], field.slice(1));
      if (isDeepStrictEqual(at(main), at(yours))) continue;
      found.set(fieldName(field), { field, was: at(base), main: at(main), yours: at(yours) });
    }
  return [...found.values()];
}

/**
 * The values to write over a target's files to carry a change onto it: each field the change made
 * since its base, and for each field where the change's value is to win over the target's (`kept`),
 * the change's value there; none the target already holds.
 */
function savesOnto(
  target: Record<string, unknown>,
  from: Record<string, unknown>,
  changes: Change[],
  kept: FieldPath[],
) {
  const at = (values: Record<string, unknown>, field: FieldPath) =>
    valueAt(values[field[0] as string], field.slice(1));
  const fields = [
    ...kept,
    ...changes.map(({ field }) => field).filter((field) => !kept.some((k) => overlaps(k, field))),
  ];
  return fields
    .filter((field) => !isDeepStrictEqual(at(target, field), at(from, field)))
    .map((field) => ({ field, value: at(from, field) }));
}

/** Writes values over a workspace's files as one save, which the check judges together. */
async function writeValues(root: string, saves: { field: FieldPath; value: unknown }[]) {
  if (saves.length === 0) return undefined;
  const files = new ContentFiles(root);
  const read = files.readAll();
  const written = await files.saveTogether(
    saves.map(({ field, value }) => ({
      field,
      value,
      version: versionOf(read.find((file) => file.name === field[0])!.source),
    })),
    'the editing service',
  );
  return 'refused' in written ? written : undefined;
}

/**
 * Carries a workspace's change onto another commit: main, to bring it up to date, or the remote's
 * tip of its branch, to follow it. The branch's own commits since `from` become a merge commit over
 * `onto` (or the branch moves to `onto` where it has none), and the saves not yet committed are
 * written again over it. Nothing is left half done: where the check refuses the two together, the
 * workspace is put back as it was.
 * @param from The commit the change is counted from (main's, or the one last pushed).
 * @param kept The fields where the editor's value wins over `onto`'s.
 * @returns Undefined once carried, or the check's refusal.
 */
export async function carryOnto(
  workspaces: Workspaces,
  workspace: Workspace,
  files: ReadFile[],
  person: Person,
  options: { from: string; onto: string; kept: FieldPath[]; message: string },
) {
  const { root } = workspace;
  const head = await workspaces.head(root);
  const base = await valuesAt(workspaces, files, options.from, root);
  const committed = await valuesAt(workspaces, files, head, root);
  const onto = await valuesAt(workspaces, files, options.onto, root);
  const now = valuesOf(files);
  const ownCommits =
    head !== options.from && !(await workspaces.isAncestor(root, head, options.onto));
  const putBack = async () => {
    await workspaces.git(root, ['read-tree', '-u', '--reset', head]);
    await workspaces.git(root, ['update-ref', 'HEAD', head]);
    const restore = new ContentFiles(root);
    for (const file of files) restore.restore(file.file, file.source);
  };
  // The files become `onto`'s, from the index set to the tree the change is counted from: what
  // `onto` took away since is taken away (a picture removed on main), and what the change added,
  // which that tree and so the index never held (a picture an editor chose, stored in the
  // workspace: both-servers/pictures.ts), stays, and goes into the commit with the content.
  await workspaces.git(root, ['read-tree', options.from]);
  await workspaces.git(root, ['read-tree', '-u', '--reset', options.onto]);
  const inCommits = savesOnto(onto, committed, changesBetween(base, committed), options.kept);
  const refusedInCommits = await writeValues(root, inCommits);
  if (refusedInCommits) {
    await putBack();
    return refusedInCommits;
  }
  if (ownCommits) {
    const { tree } = await workspaces.writeTree(root, options.onto);
    await workspaces.commit(root, person, options.message, [head, options.onto], tree);
  } else await workspaces.git(root, ['update-ref', 'HEAD', options.onto]);
  const after = valuesOf(new ContentFiles(root).readAll());
  const refusedInSaves = await writeValues(
    root,
    savesOnto(after, now, changesBetween(committed, now), options.kept),
  );
  if (refusedInSaves) {
    await putBack();
    return refusedInSaves;
  }
  return undefined;
}
