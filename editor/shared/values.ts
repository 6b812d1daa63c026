/**
 * Reading and replacing a value at a field's path inside a content file's value: the server's
 * saves and the view's form both use them, so that the two agree on what a path means. And a value
 * in words, as the view's list of changes and the editing service's proposals both write it.
 */
import { shownVisibly, type Joined } from '../../content/schema/invisible-characters';

/** The value at a path inside a value, or undefined where the path leads nowhere. */
export function valueAt(value: unknown, keys: readonly (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (inside, key) =>
      inside && typeof inside === 'object' ? (inside as Record<string, unknown>)[key] : undefined,
    value,
  );
}

/**
 * A copy of a value with the value at a path replaced, or left out where the replacement is
 * undefined (an optional field emptied, a field the last commit did not have); the path's groups
 * and lists must exist.
 */
export function withValueAt(
  value: unknown,
  keys: readonly (string | number)[],
  replacement: unknown,
): unknown {
  if (keys.length === 0) return replacement;
  const [key, ...rest] = keys as [string | number, ...(string | number)[]];
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  const inner = withValueAt(copy[key], rest, replacement);
  if (inner === undefined) delete copy[key];
  else copy[key] = inner;
  return copy;
}

/** Whether a value is a group of fields: an object, not a list. */
export const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value as the list of changes shows it: a text as written, each character nobody sees in it
 * shown by its marker (content/schema/invisible-characters.ts), so that "was X, now X" never hides
 * what changed; a link by its words and address, a
 * list as its count and its items, an item that is itself a list (a paragraph with links) in
 * brackets.
 */
export function inWords(value: unknown, outermost = true, joined?: Joined): string {
  if (value === undefined) return '(nothing)';
  if (typeof value === 'string') return `“${shownVisibly(value, joined)}”`;
  if (Array.isArray(value)) {
    // The texts of a paragraph with links are joined to the links: a space at a joined end is meant.
    const pieces = value.some(isGroup);
    const items = value
      .map((item, i) =>
        inWords(item, false, pieces ? { before: i > 0, after: i < value.length - 1 } : undefined),
      )
      .join('; ');
    if (!outermost) return `[${items}]`;
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}: ${items}`;
  }
  if (isGroup(value)) {
    if (typeof value.label === 'string' && typeof value.href === 'string')
      return `a link “${value.label}” to ${value.href}`;
    return Object.values(value)
      .map((field) => inWords(field, false))
      .join(', ');
  }
  return String(value);
}
