/**
 * The form: every field of a content file, grouped as its schema groups them, each with its name
 * in words, its help, the input its kind asks for (content/kinds/), and the check's messages for it. The
 * inputs show the state's values (state.ts): typing changes the state, which the form is drawn
 * from, so nothing the view does afterwards replaces what was typed.
 */
import { memo, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { TEXT_KINDS, visibleLength } from '../../content/schema/text-kinds';
import { fieldName } from '../../scripts/build/field-name';
import {
  fieldWords,
  itemWords,
  nodeAt,
  optionFor,
  type SchemaNode,
} from '../../scripts/shared/field-words';
import { isGroup, valueAt } from '../shared/values';
import type { FieldPath, Problem } from './api';
import { idOf } from './ids';
import { choicesOf, kindOf } from './kinds';
import { PictureUpload } from './picture-upload';
import { StoreContext, useView } from './context';
import { pathOf, within, type State } from './state';

/** How long a field waits for typing to pause before it asks the check about the value. */
const CHECK_AFTER_MS = 150;

/** The field's help and developer's details: the schema's doc comment, shared by a list's items. */
const docOf = (state: State, path: FieldPath) =>
  state.model!.docs[fieldName(path).replace(/\[\d+\]/g, '[]')];

/** The schema node of a field, each union resolved by the value the form shows. */
function nodeOf(state: State, path: FieldPath): SchemaNode | undefined {
  const [name, ...keys] = path as [string, ...(string | number)[]];
  const fileSchema = state.model!.schema.properties?.[name];
  return fileSchema && nodeAt(fileSchema, state.draft[name], keys);
}

/** Whether a field must be written: the schema's `required` of the group around it. */
function isRequired(state: State, path: FieldPath) {
  const key = path.at(-1);
  if (typeof key !== 'string') return true;
  return nodeOf(state, path.slice(0, -1))?.required?.includes(key) ?? true;
}

/** A new item for a list: empty texts, zero numbers, each enum's first value, groups filled in. */
function blank(node: SchemaNode): unknown {
  if (node.enum) return node.enum[0];
  if (node.type === 'string') return '';
  if (node.type === 'integer' || node.type === 'number') return 0;
  if (node.type === 'array') return (node.prefixItems ?? []).map(blank);
  if (node.type === 'object')
    return Object.fromEntries(
      Object.entries(node.properties ?? {})
        .filter(([key]) => node.required?.includes(key))
        .map(([key, field]) => [key, blank(field)]),
    );
  return '';
}

/** A list with one item moved to another place. */
const moved = (list: unknown[], from: number, to: number) => {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
};

/**
 * A message of the check at a field: an error, a reminder before going live or a warning, with
 * the fix one click makes where there is one, and the field it writes.
 */
type Message = {
  kind: 'error' | 'reminder' | 'warning';
  text: string;
  fix?: { words: string; value: string; field: string };
};

/**
 * The check's messages for a field: the problems of the files as saved (go-live placeholders as
 * reminders), and the errors of each value typed and not saved. An error a value brings to another
 * field (a rule that relates fields or files) shows there, and at the field typed in too, named,
 * since that is where the editor looks. The warnings of the files as saved, or as last checked
 * while typing, follow.
 */
function messagesAt(state: State, field: string): Message[] {
  const shown = new Set<string>();
  const messages: Message[] = [];
  const add = (problem: Problem, elsewhere = '') => {
    const key = `${problem.field} ${problem.message}`;
    if (shown.has(key)) return;
    shown.add(key);
    const [kind, lead] = problem.warning
      ? (['warning', 'Worth a look: '] as const)
      : problem.goLive
        ? (['reminder', 'Before going live: '] as const)
        : (['error', 'Not saved: '] as const);
    messages.push({
      kind,
      text: `${lead}${elsewhere}${problem.message}`,
      ...(problem.fix && { fix: { ...problem.fix, field: problem.field } }),
    });
  };
  const here = (problemField: string) => boxFor(state, problemField) === field;
  for (const problem of state.problems) if (here(problem.field)) add(problem);
  const conflicted = state.conflicted[field];
  if (conflicted) messages.push({ kind: 'error', text: conflicted });
  for (const warning of state.warnings) if (here(warning.field)) add(warning);
  for (const [typedIn, { written, errors }] of Object.entries(state.rejected))
    for (const error of errors) {
      if (here(error.field)) add(error);
      // An error outside what the save writes (another field, another file) is this value's doing.
      if (typedIn === field && !within(error.field, written))
        add(
          error,
          `with this value, ${fieldWords(pathOf(error.field), state.model!.schema, state.draft)}: `,
        );
    }
  return messages;
}

/** The field, group or file whose message box shows a problem: the nearest the form has. */
function boxFor(state: State, field: string): string {
  for (let name = field; name; name = name.replace(/(\.[^.[\]]+|\[\d+\])$/, '')) {
    // The form draws every field its schema names, written or not, and each item of a list.
    const path = pathOf(name);
    const last = path.at(-1);
    const drawn =
      path.length === 1 ||
      // A file that cannot be read draws none of its fields: its box takes their messages.
      (state.draft[path[0] as string] !== undefined &&
        (typeof last === 'number'
          ? valueAt(state.draft[path[0] as string], path.slice(1)) !== undefined
          : nodeOf(state, path) !== undefined));
    if (drawn) return name;
    if (!/[.[]/.test(name)) break;
  }
  return field;
}

/** The check's messages for one field, group or file, in the box the input names. */
export function Messages({ field }: { field: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { actions } = useContext(StoreContext);
  const said = useView((state) => JSON.stringify(messagesAt(state, field)));
  const messages = useMemo(() => JSON.parse(said) as Message[], [said]);
  // A message that appears under the field being typed in is brought into view, as little as that
  // takes, so that the editor reads it without looking for it.
  useEffect(() => {
    const input = document.getElementById(idOf(field));
    if (messages.length > 0 && input && input === document.activeElement)
      box.current?.scrollIntoView({ block: 'nearest' });
  }, [messages, field]);
  return (
    <div id={`${idOf(field)}-messages`} className="messages" ref={box}>
      {messages.map(({ kind, text, fix }) => (
        <p key={text} className={kind}>
          {text}
          {fix && (
            <>
              {' '}
              <button
                type="button"
                onClick={() => {
                  actions.edited(pathOf(fix.field), fix.value, true);
                  // The button goes with the message it fixes: the focus goes back to the field.
                  actions.dispatch({ type: 'focus', id: idOf(field) });
                }}
              >
                {fix.words}
              </button>
            </>
          )}
        </p>
      ))}
    </div>
  );
}

/** The field's help, and behind "Details" its path and any note for developers. */
function Help({ path }: { path: FieldPath }) {
  const doc = useView((state) => docOf(state, path));
  const id = idOf(path);
  return (
    <>
      {doc?.help && (
        <p id={`${id}-help`} className="help">
          {doc.help}
        </p>
      )}
      <details className="details">
        <summary>Details</summary>
        <code id={`${id}-path`} className="path">
          {fieldName(path)}
        </code>
        {doc?.details && <p className="help">{doc.details}</p>}
      </details>
    </>
  );
}

/** The input for one field, fit for its kind; a value no choice offers stays selectable. */
function Input({
  node,
  path,
  describedBy,
}: {
  node: SchemaNode;
  path: FieldPath;
  describedBy: string;
}) {
  const { actions, store } = useContext(StoreContext);
  const value = useView((state) => valueAt(state.draft[path[0] as string], path.slice(1)));
  const choices = useView((state) => state.model!.choices);
  // A text written over several lines, or a long one, gets a box of several lines; so does a
  // paragraph, even a new one still empty, so that what the editor writes wraps in sight rather
  // than running out of a box of one line (on a phone, past its thirtieth letter).
  const long = useView((state) => {
    const saved = valueAt(state.saved[path[0] as string], path.slice(1));
    return typeof saved === 'string' && (saved.includes('\n') || saved.length > 70);
  });
  const paragraph = node['x-text'] === 'paragraph';
  const kind = kindOf(node['x-kind'], node.type);
  const common = { id: idOf(path), 'aria-describedby': describedBy, name: fieldName(path) };
  const numeric = kind.input === 'number';
  const read = (text: string) => {
    if (numeric) return text === '' ? undefined : Number(text);
    return text === '' && !isRequired(store.getState(), path) ? undefined : text;
  };
  // The check is asked about the value as typed once typing pauses; the field's own timer, which
  // a save (the value is checked as it is saved) or the field's going away stops.
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(checkTimer.current), []);
  const onChange = (text: string) => {
    actions.edited(path, read(text), false);
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => actions.checkTyped(path), CHECK_AFTER_MS);
  };
  const onSave = (text: string) => {
    clearTimeout(checkTimer.current);
    actions.edited(path, read(text), true);
  };
  // A yes or no (a picture marked as only decoration) is saved as it is ticked.
  if (node.type === 'boolean')
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => actions.edited(path, event.target.checked, true)}
      />
    );
  const options = node.enum ?? choicesOf(kind, choices);
  if (options) {
    const all = options.includes(String(value)) ? options : [String(value ?? ''), ...options];
    return (
      <select
        {...common}
        value={String(value ?? '')}
        onChange={(event) => onSave(event.target.value)}
      >
        {all.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  if (numeric)
    return (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => onSave(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && onSave(event.currentTarget.value)}
      />
    );
  const text = typeof value === 'string' ? value : '';
  if (kind.input === 'lines' || long || paragraph) {
    // A text of one line ends at Enter, as an input does; a multi-line one takes the line break.
    const oneLine = kind.input !== 'lines' && !text.includes('\n');
    return (
      <textarea
        {...common}
        rows={Math.min(8, Math.ceil(text.length / 60) + 1)}
        value={text}
        spellCheck={kind.spellcheck}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => onSave(event.target.value)}
        onKeyDown={(event) => {
          if (!oneLine || event.key !== 'Enter') return;
          event.preventDefault();
          onSave(event.currentTarget.value);
        }}
      />
    );
  }
  return (
    <input
      {...common}
      type={kind.type ?? 'text'}
      value={text}
      // A time is written as the check asks, 24-hour: the browser's own time input shows 12-hour
      // times in some languages and would keep an editor from typing what the check explains.
      inputMode={kind.digits ? 'numeric' : undefined}
      list={kind.offersPages ? 'site-pages' : undefined}
      autoComplete="off"
      spellCheck={kind.spellcheck}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onSave(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && onSave(event.currentTarget.value)}
    />
  );
}

/**
 * How many letters a text has of the number its kind reads well in (content/schema/text-kinds.ts),
 * counted as visitors read it, the bank's name and division filled in, as the editor types; over
 * it, by how many. The check warns of a text over it once the value is checked.
 */
function LengthCount({ node, path }: { node: SchemaNode; path: FieldPath }) {
  const textKind = node['x-text'] ? TEXT_KINDS[node['x-text']] : undefined;
  const length = useView((state) => {
    const value = valueAt(state.draft[path[0] as string], path.slice(1));
    if (typeof value !== 'string') return undefined;
    const site = isGroup(state.draft.site) ? state.draft.site : {};
    const filled = value.replace(/\{(name|division)\}/g, (slot, key: string) =>
      typeof site[key] === 'string' ? site[key] : slot,
    );
    return visibleLength(filled);
  });
  if (!textKind?.recommended || length === undefined) return null;
  const { recommended, words } = textKind;
  return (
    <p className={length > recommended ? 'count over' : 'count'}>
      {length > recommended
        ? `${length - recommended} letters over the ${recommended} recommended for ${words}`
        : `${recommended - length} letters left of the ${recommended} recommended for ${words}`}
    </p>
  );
}

/** One field: its words, its help, its input and the check's messages for it. */
function Field({ node, path }: { node: SchemaNode; path: FieldPath }) {
  const id = idOf(path);
  const kind = kindOf(node['x-kind'], node.type);
  const field = fieldName(path);
  const doc = useView((state) => docOf(state, path));
  const words = useView((state) => fieldWords(path, state.model!.schema, state.draft));
  const invalid = useView((state) =>
    messagesAt(state, field).some((message) => message.kind === 'error'),
  );
  const describedBy = [
    kind.badge && `${id}-badge`,
    doc?.help && `${id}-help`,
    `${id}-path`,
    `${id}-messages`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={`field${kind.badge ? ' badged' : ''}${invalid ? ' invalid' : ''}`}
      data-field={field}
    >
      <label htmlFor={id}>{words}</label>
      {kind.badge && (
        <p className="badge" id={`${id}-badge`}>
          {kind.badge}
        </p>
      )}
      <Input node={node} path={path} describedBy={describedBy} />
      {kind.choices === 'images' && <PictureUpload path={path} describedBy={describedBy} />}
      <LengthCount node={node} path={path} />
      <Messages field={field} />
      <Help path={path} />
    </div>
  );
}

/** A list whose schema lets it grow, shrink and be reordered, or a fixed list (a tuple). */
function List({ node, path, value }: { node: SchemaNode; path: FieldPath; value: unknown[] }) {
  const { actions, store } = useContext(StoreContext);
  const fixed = Boolean(node.prefixItems);
  const itemNode = node.items || undefined;
  // The list's name and its items' names, in one text, read again only when one changes.
  const names = useView((state) =>
    [path, ...value.map((_, index) => [...path, index])]
      .map((at) => fieldWords(at, state.model!.schema, state.draft))
      .join('\n'),
  ).split('\n');
  const legend = names[0]!;
  const wordsOf = (at: FieldPath) => names[(at.at(-1) as number) + 1]!;
  // The list as the form shows it when a button is pressed.
  const current = () =>
    valueAt(store.getState().draft[path[0] as string], path.slice(1)) as unknown[];
  const options = itemNode ? (itemNode.anyOf ?? [itemNode]) : [];
  const help = useView((state) => Boolean(docOf(state, path)?.help));
  return (
    <fieldset
      className="list"
      data-field={fieldName(path)}
      aria-describedby={help ? `${idOf(path)}-help` : undefined}
    >
      <legend>{legend}</legend>
      <ol>
        {value.map((item, index) => {
          const itemPath = [...path, index];
          const child = fixed ? node.prefixItems![index]! : itemNode!;
          const words = wordsOf(itemPath);
          // The moved item keeps the focus, on the button that moves it the same way, or at the
          // end of the list, the other way.
          const move = (to: number) => {
            const direction = to > index ? 'down' : 'up';
            const atEnd = direction === 'down' ? to === value.length - 1 : to === 0;
            const button = atEnd ? (direction === 'down' ? 'up' : 'down') : direction;
            actions.listChanged(
              path,
              moved(current(), index, to),
              `${words} moved to place ${to + 1}`,
              `${idOf([...path, to])}-${button}`,
            );
          };
          return (
            <li className="item" key={index}>
              <FormFor node={optionFor(child, item)} path={itemPath} />
              {!fixed && (
                <div className="item-controls">
                  <button
                    type="button"
                    id={`${idOf(itemPath)}-up`}
                    disabled={index === 0}
                    onClick={() => move(index - 1)}
                  >
                    Move {words} up
                  </button>
                  <button
                    type="button"
                    id={`${idOf(itemPath)}-down`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index + 1)}
                  >
                    Move {words} down
                  </button>
                  <button
                    type="button"
                    id={`${idOf(itemPath)}-remove`}
                    // The focus goes to the item that takes its place, or to the list's Add button.
                    onClick={() =>
                      actions.listChanged(
                        path,
                        current().filter((_, i) => i !== index),
                        `${words} removed`,
                        index < value.length - 1
                          ? `${idOf(itemPath)}-remove`
                          : `${idOf(path)}-add-0`,
                      )
                    }
                  >
                    Remove {words}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Messages field={fieldName(path)} />
      {!fixed &&
        options.map((option, which) => (
          <button
            type="button"
            key={which}
            id={`${idOf(path)}-add-${which}`}
            // The new item waits, unsaved, for the editor to fill it in, starting at its first field.
            onClick={() =>
              actions.listChanged(
                path,
                [...current(), blank(option)],
                `an item added to ${legend}: fill it in`,
                undefined,
              )
            }
          >
            {options.length > 1 ? `Add a ${itemWords(option)} to ${legend}` : `Add to ${legend}`}
          </button>
        ))}
      <Help path={path} />
    </fieldset>
  );
}

/** A group of fields, its own fields each drawn again only when its own value changes. */
function Group({ node, path, value }: { node: SchemaNode; path: FieldPath; value: unknown }) {
  const legend = useView((state) => fieldWords(path, state.model!.schema, state.draft));
  const doc = useView((state) => docOf(state, path));
  return (
    <fieldset
      className="group"
      data-field={fieldName(path)}
      aria-describedby={doc?.help ? `${idOf(path)}-help` : undefined}
    >
      <legend>{legend}</legend>
      {doc?.help && (
        <p id={`${idOf(path)}-help`} className="help">
          {doc.help}
        </p>
      )}
      {Object.entries(node.properties!).map(([key, field]) => {
        const inside = isGroup(value) ? value[key] : undefined;
        return <FormFor key={key} node={optionFor(field, inside)} path={[...path, key]} />;
      })}
      <Messages field={fieldName(path)} />
    </fieldset>
  );
}

/**
 * The form for any node of the schema: a group, a list or a field. It reads its own value, and is
 * drawn again only when that value changes: a key typed in one field draws that field again, and
 * the groups and lists around it, not the rest of the form.
 */
export const FormFor = memo(
  function FormFor({ node, path }: { node: SchemaNode; path: FieldPath }): ReactNode {
    const value = useView((state) => valueAt(state.draft[path[0] as string], path.slice(1)));
    if (node.type === 'object' && node.properties)
      return <Group node={node} path={path} value={value} />;
    if (node.type === 'array' && Array.isArray(value))
      return <List node={node} path={path} value={value} />;
    return <Field node={node} path={path} />;
  },
  // A parent drawn again hands each field a new path of the same names: the same field.
  (before, after) => before.node === after.node && fieldName(before.path) === fieldName(after.path),
);
