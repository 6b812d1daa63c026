/**
 * The reviewers a change will need, read from the workspace's `.github/CODEOWNERS`, so that the
 * editing view tells an editor before they propose that, say, the compliance team must approve.
 *
 * Each changed file takes the owners of the last CODEOWNERS line that matches it, as GitHub does.
 * The patterns follow GitHub's reading of gitignore's: a pattern with a slash at its start or in
 * its middle is anchored at the repository's root, any other matches at any depth; a trailing
 * slash matches a folder and everything in it; `*` matches within one name, `**` across folders;
 * a pattern naming a folder also matches everything in it, except when its last name holds a `*`
 * (`docs/*` matches `docs/a.md`, not `docs/b/c.md`). GitHub supports no `!` and no `[ ]`, nor does
 * this. A line with a pattern and no owner leaves its files without one.
 */

interface Rule {
  matches: RegExp;
  owners: string[];
}

/** A pattern's text as a regular expression of one or more path names. */
function toRegExp(glob: string): string {
  return glob
    .split(/(\*\*\/|\/\*\*|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '/**') return '(?:/.*)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
}

function rule(pattern: string, owners: string[]): Rule {
  const folder = pattern.endsWith('/');
  const body = pattern.replace(/^\//, '').replace(/\/$/, '');
  const anchored = pattern.startsWith('/') || body.includes('/');
  const lastName = body.split('/').pop() ?? '';
  // What may follow the pattern: everything in a folder it names, unless its last name is a glob.
  const inside = folder ? '/.*' : lastName.includes('*') ? '' : '(?:/.*)?';
  const start = anchored ? '^' : '^(?:.*/)?';
  return { matches: new RegExp(`${start}${toRegExp(body)}${inside}$`), owners };
}

/** The rules of a CODEOWNERS text, in their order; comments and blank lines are skipped. */
function rules(codeowners: string): Rule[] {
  return codeowners.split('\n').flatMap((line) => {
    const [pattern, ...owners] = line.replace(/#.*/, '').trim().split(/\s+/);
    return pattern ? [rule(pattern, owners)] : [];
  });
}

/**
 * Every owner whose review the changed files need, each once, in the order the files name them.
 * A line naming several owners is satisfied by any one of them; they are all listed.
 */
export function reviewersFor(codeowners: string, files: string[]): string[] {
  const all = rules(codeowners);
  const owners = files.flatMap(
    (file) => all.findLast((candidate) => candidate.matches.test(file))?.owners ?? [],
  );
  return [...new Set(owners)];
}
