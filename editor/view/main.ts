/**
 * The editing view in the browser: a form generated from the content schema (JSON Schema, each
 * field marked with its kind), every field of every content file grouped by file and section, with
 * the schema's help text, its name in words beside its path, and an input chosen by its kind. As
 * the editor types, the server's content check speaks at the field; on leaving the field (or
 * Enter) the value is saved into its file, unless the check rejects it, in which case it stays in
 * its field with the check's message. Nothing typed is lost when a file changed on disk: the view
 * says so, offers to reload, and keeps the typed values over the reloaded files.
 *
 * The form is this small renderer over the JSON Schema rather than a library such as
 * react-jsonschema-form: every field here needs what such a library leaves to custom code (the
 * content check's messages in place of its validator's, help read from the schema's doc comments,
 * names in words, an input per kind of field, list items saved as the check allows, selection from
 * the page), so the library would bring a validator and a set of inputs the view could not use,
 * and React's runtime besides, to a page whose whole form this one file draws.
 */
import type { FieldKind } from '../../content/schema';
import { fieldName } from '../../scripts/build/field-name';
import {
  fieldWords,
  itemWords,
  nodeAt,
  optionFor,
  type SchemaNode,
} from '../../scripts/shared/field-words';
import { valueAt, withValueAt } from '../values';
import {
  call,
  pageBesideAddress,
  Unreachable,
  type FieldPath,
  type Model,
  type Problem,
} from './api';

/** The view's state: the files as last saved, as the form shows them, and the messages shown. */
const state = {
  model: undefined as unknown as Model,
  /** Each file's value as last read or saved, by export name. */
  saved: {} as Record<string, unknown>,
  /** Each file's value as the form shows it, unsaved changes included. */
  draft: {} as Record<string, unknown>,
  /** The values typed and not yet saved, by field name, kept over a reload. */
  unsaved: new Map<string, { path: FieldPath; value: unknown }>(),
  /** What the check said last: the problems of the files as saved, go-live reminders among them. */
  problems: [] as Problem[],
  /**
   * The check's errors for each value typed and not saved, by the field typed in, so that a value
   * rejected keeps its message while the editor types elsewhere, until it is typed again or saved.
   */
  rejected: new Map<string, { written: string; errors: Problem[] }>(),
  /** The file that changed on disk since the view read it, while the view offers to reload. */
  changedOnDisk: undefined as string | undefined,
  /** Why the server cannot be reached, while it cannot. */
  unreachable: undefined as string | undefined,
  /** The route of the page beside the form. */
  route: undefined as string | undefined,
  /** The field the form has the focus in, which the page outlines. */
  selected: undefined as string | undefined,
  /** The fields whose texts each page draws, by route, as the files were last read. */
  fieldsOn: {} as Record<string, string[]>,
};

const root = document.getElementById('editor')!;

/** An element with attributes and children; `on…` attributes that are functions are listeners. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

const isObject = (value: unknown): value is Record<string | number, unknown> =>
  typeof value === 'object' && value !== null;

/** An element id for a field: its name with everything but letters and digits as dashes. */
const idOf = (path: FieldPath) => `field-${fieldName(path).replace(/[^A-Za-z0-9]+/g, '-')}`;

const wordsOf = (path: FieldPath) => fieldWords(path, state.model.schema, state.draft);

/** The field's help: the schema's doc comment, shared by the items of a list. */
const docOf = (path: FieldPath) => state.model.docs[fieldName(path).replace(/\[\d+\]/g, '[]')];

/** Announces what happened, in the view's one live region. */
function announce(text: string) {
  document.getElementById('status')!.textContent = text;
}

/** The kinds whose text runs over several lines. */
const MULTILINE_KINDS: readonly (FieldKind | undefined)[] = [
  'multilineText',
  'description',
  'statutoryText',
];
/** The kinds the check holds to statutory words. */
const STATUTORY_KINDS: readonly (FieldKind | undefined)[] = ['statutoryText'];

/** The input for one field, fit for its kind; an unknown kind gets one line of text. */
function inputFor(node: SchemaNode, path: FieldPath, value: unknown, describedBy: string) {
  const common = { id: idOf(path), 'aria-describedby': describedBy, name: fieldName(path) };
  const kind = node['x-kind'];
  const { choices } = state.model;
  const select = (options: { value: string; label: string }[]) => {
    // A value no option offers (a developer's edit) stays selectable, so nothing is lost.
    const all = options.some((o) => o.value === value)
      ? options
      : [{ value: String(value ?? ''), label: String(value ?? '') }, ...options];
    return h(
      'select',
      common,
      ...all.map((o) => h('option', { value: o.value, selected: o.value === value }, o.label)),
    );
  };
  if (node.enum) return select(node.enum.map((v) => ({ value: v, label: v })));
  if (kind === 'image') return select(choices.images.map((v) => ({ value: v, label: v })));
  if (kind === 'timeZone')
    return select(choices.timeZones.map((zone) => ({ value: zone, label: zone })));
  if (node.type === 'integer' || node.type === 'number')
    return h('input', {
      ...common,
      type: 'number',
      inputmode: 'numeric',
      value: value === undefined ? '' : String(value),
    });
  const text = typeof value === 'string' ? value : '';
  if (MULTILINE_KINDS.includes(kind) || text.includes('\n') || text.length > 70) {
    const area = h('textarea', { ...common, rows: Math.min(8, Math.ceil(text.length / 60) + 1) });
    area.value = text;
    // A text of one line ends at Enter, as an input does; a multi-line one takes the line break.
    if (!MULTILINE_KINDS.includes(kind) && !text.includes('\n'))
      area.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          area.dispatchEvent(new Event('change'));
        }
      });
    return area;
  }
  const type = kind === 'phoneNumber' ? 'tel' : kind === 'emailAddress' ? 'email' : 'text';
  const input = h('input', {
    ...common,
    type,
    value: text,
    // A time is written as the check asks, 24-hour: the browser's own time input shows 12-hour
    // times in some languages and would keep an editor from typing what the check explains.
    inputmode: kind === 'time' ? 'numeric' : undefined,
    list: kind === 'link' ? 'site-pages' : undefined,
    autocomplete: 'off',
    spellcheck: kind === undefined ? undefined : 'false',
  });
  return input;
}

/** One field: its words and path, its help, its input and the check's messages for it. */
function fieldRow(node: SchemaNode, path: FieldPath, value: unknown) {
  const id = idOf(path);
  const doc = docOf(path);
  const statutory = STATUTORY_KINDS.includes(node['x-kind']);
  const messages = h('div', { id: `${id}-messages`, class: 'messages' });
  const describedBy = [`${id}-path`, statutory && `${id}-statutory`, doc && `${id}-help`];
  const input = inputFor(
    node,
    path,
    value,
    [...describedBy.filter(Boolean), `${id}-messages`].join(' '),
  );
  const read = () => {
    if (node.type === 'integer' || node.type === 'number')
      return input.value === '' ? undefined : Number(input.value);
    return input.value === '' && !isRequired(path) ? undefined : input.value;
  };
  input.addEventListener('input', () => edited(path, read(), false));
  input.addEventListener('change', () => edited(path, read(), true));
  return h(
    'div',
    { class: statutory ? 'field statutory' : 'field', 'data-field': fieldName(path) },
    h('label', { for: id }, wordsOf(path)),
    h('code', { id: `${id}-path`, class: 'path' }, fieldName(path)),
    statutory &&
      h(
        'p',
        { class: 'badge', id: `${id}-statutory` },
        'Statutory wording: the check holds its words',
      ),
    doc && h('p', { id: `${id}-help`, class: 'help' }, doc),
    input,
    messages,
  );
}

/** Whether a field must be written: the schema's `required` of the group around it. */
function isRequired(path: FieldPath) {
  const parentPath = path.slice(0, -1);
  const key = path.at(-1);
  if (typeof key !== 'string') return true;
  const parent = nodeOf(parentPath);
  return parent?.required?.includes(key) ?? true;
}

/** The schema node of a field, each union resolved by the value the form shows. */
function nodeOf(path: FieldPath): SchemaNode | undefined {
  const [name, ...keys] = path as [string, ...(string | number)[]];
  const fileSchema = state.model.schema.properties?.[name];
  return fileSchema && nodeAt(fileSchema, state.draft[name], keys);
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

/** A list whose schema lets it grow, shrink and be reordered, or a fixed list (a tuple). */
function listGroup(node: SchemaNode, path: FieldPath, value: unknown[]) {
  const fixed = Boolean(node.prefixItems);
  const itemNode = node.items || undefined;
  const legend = wordsOf(path);
  // The list as the form shows it when a button is pressed: its items may have been typed since.
  const current = () => valueAt(state.draft[path[0] as string], path.slice(1)) as unknown[];
  const items = value.map((item, index) => {
    const itemPath = [...path, index];
    const child = fixed ? node.prefixItems![index]! : itemNode!;
    const words = wordsOf(itemPath);
    // The moved item keeps the focus, on the button that moves it the same way, or at the end of
    // the list, the other way.
    const move = (to: number) => () => {
      const direction = to > index ? 'down' : 'up';
      const atEnd = direction === 'down' ? to === value.length - 1 : to === 0;
      const button = atEnd ? (direction === 'down' ? 'up' : 'down') : direction;
      listChanged(
        path,
        moved(current(), index, to),
        `${words} moved to place ${to + 1}`,
        `${idOf([...path, to])}-${button}`,
      );
    };
    const controls =
      !fixed &&
      h(
        'div',
        { class: 'item-controls' },
        h(
          'button',
          {
            type: 'button',
            id: `${idOf(itemPath)}-up`,
            onclick: move(index - 1),
            disabled: index === 0,
          },
          `Move ${words} up`,
        ),
        h(
          'button',
          {
            type: 'button',
            id: `${idOf(itemPath)}-down`,
            onclick: move(index + 1),
            disabled: index === value.length - 1,
          },
          `Move ${words} down`,
        ),
        h(
          'button',
          {
            type: 'button',
            id: `${idOf(itemPath)}-remove`,
            // The focus goes to the item that takes its place, or to the list's Add button.
            onclick: () =>
              listChanged(
                path,
                current().filter((_, i) => i !== index),
                `${words} removed`,
                index < value.length - 1 ? `${idOf(itemPath)}-remove` : `${idOf(path)}-add-0`,
              ),
          },
          `Remove ${words}`,
        ),
      );
    return h('li', { class: 'item' }, formFor(optionFor(child, item), itemPath, item), controls);
  });
  const options = itemNode ? (itemNode.anyOf ?? [itemNode]) : [];
  const adders =
    !fixed &&
    options.map((option, which) =>
      h(
        'button',
        {
          type: 'button',
          id: `${idOf(path)}-add-${which}`,
          // The new item waits, unsaved, for the editor to fill it in, starting at its first field.
          onclick: () =>
            listChanged(
              path,
              [...current(), blank(option)],
              `an item added to ${legend}: fill it in`,
              undefined,
            ),
        },
        options.length > 1 ? `Add a ${itemWords(option)} to ${legend}` : `Add to ${legend}`,
      ),
    );
  return h(
    'fieldset',
    { class: 'list', 'data-field': fieldName(path) },
    h('legend', {}, legend),
    h('code', { class: 'path' }, fieldName(path)),
    docOf(path) && h('p', { class: 'help' }, docOf(path)!),
    h('ol', {}, ...items),
    h('div', { class: 'messages', id: `${idOf(path)}-messages` }),
    ...(adders || []),
  );
}

/** A list with one item moved to another place. */
const moved = (list: unknown[], from: number, to: number) => {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
};

/** The form for any node of the schema: a group, a list or a field. */
function formFor(node: SchemaNode, path: FieldPath, value: unknown): HTMLElement {
  if (node.type === 'object' && node.properties)
    return h(
      'fieldset',
      { class: 'group', 'data-field': fieldName(path) },
      h('legend', {}, wordsOf(path)),
      docOf(path) && h('p', { class: 'help' }, docOf(path)!),
      ...Object.entries(node.properties).map(([key, field]) => {
        const inside = isObject(value) ? value[key] : undefined;
        return formFor(optionFor(field, inside), [...path, key], inside);
      }),
      h('div', { class: 'messages', id: `${idOf(path)}-messages` }),
    );
  if (node.type === 'array' && Array.isArray(value)) return listGroup(node, path, value);
  return fieldRow(node, path, value);
}

/** The shortest part of a path the saved file does not hold yet: the part a save must write. */
function savePath(path: FieldPath): FieldPath {
  const name = path[0] as string;
  for (let depth = 2; depth <= path.length; depth += 1)
    if (valueAt(state.saved[name], path.slice(1, depth)) === undefined)
      return path.slice(0, Math.max(depth, 2));
  return path;
}

let checkTimer: ReturnType<typeof setTimeout> | undefined;

/** A field's value changed: check it as the editor types, save it when they leave it. */
function edited(path: FieldPath, value: unknown, save: boolean) {
  const name = path[0] as string;
  state.draft[name] = withValueAt(state.draft[name], path.slice(1), value);
  state.unsaved.set(fieldName(path), { path, value });
  clearTimeout(checkTimer);
  if (save) return detached(submit(path));
  checkTimer = setTimeout(() => detached(Promise.all([check(path), redraw()])), 250);
}

/**
 * A list was changed (an item added, removed or moved): re-draw its file, keep the focus on what
 * the editor acted on, and save the list, except after an item was added, which is saved once the
 * editor has filled it in.
 * @param focus The id of the element to give the focus to; none, for the new item's first field.
 */
function listChanged(path: FieldPath, list: unknown[], what: string, focus: string | undefined) {
  const name = path[0] as string;
  state.draft[name] = withValueAt(state.draft[name], path.slice(1), list);
  state.unsaved.set(fieldName(path), { path, value: list });
  render();
  announce(what);
  if (focus) {
    document.getElementById(focus)?.focus();
    return detached(submit(path).then(redraw));
  }
  const newItem = document.querySelector(`[data-field="${fieldName([...path, list.length - 1])}"]`);
  newItem?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  detached(redraw());
}

/** The check's words for the content as the form shows it, without saving. */
async function check(path: FieldPath) {
  const target = savePath(path);
  const name = path[0] as string;
  const { status, data } = await call<{ problems: Problem[] }>('/api/check', {
    field: target,
    value: valueAt(state.draft[name], target.slice(1)),
  });
  if (status !== 200) return;
  state.rejected.set(fieldName(path), {
    written: fieldName(target),
    errors: data.problems.filter((problem) => !problem.goLive),
  });
  showProblems(data.problems.filter((problem) => problem.goLive));
}

let writing = Promise.resolve();

/**
 * Runs a write (a save, an undo, a discard, a commit) after the writes before it: each names the
 * version of the file it changes, and the one before it may change that version. Leaving a field
 * for the Undo button saves the field first, then undoes.
 */
function afterEarlierWrites(write: () => Promise<void>): Promise<void> {
  // A write that failed (said on the page) does not stop the ones after it.
  const next = writing.catch(() => undefined).then(write);
  writing = next;
  return next;
}

/** Saves a change, after the writes before it. */
const submit = (path: FieldPath) => afterEarlierWrites(() => saveNow(path));

/** Saves a change into its file, unless the check rejects it or the file changed on disk. */
async function saveNow(path: FieldPath) {
  const target = savePath(path);
  const name = path[0] as string;
  const value = valueAt(state.draft[name], target.slice(1));
  const file = state.model.files.find((f) => f.name === name)!;
  const { status, data } = await call<{
    version: string;
    problems: Problem[];
    file: string;
    error?: string;
  }>('/api/save', { field: target, value, version: file.version });
  if (status === 409) return changedOnDisk(data.file);
  if (status === 422) {
    const errors = data.problems.filter((problem) => !problem.goLive);
    state.rejected.set(fieldName(path), { written: fieldName(target), errors });
    showProblems(data.problems.filter((problem) => problem.goLive));
    // Where the messages are: at this field (those of other fields and files shown there too,
    // by showProblems), or at the other fields of the new item it belongs to.
    const elsewhere = [
      ...new Set(
        errors
          .map((error) => error.field)
          .filter((field) => within(field, fieldName(target)) && !within(field, fieldName(path))),
      ),
    ];
    const at =
      elsewhere.length === 0
        ? 'the field'
        : elsewhere.map((field) => wordsOf(pathOf(field))).join('; ');
    return announce(`Not saved: ${wordsOf(path)} — see the message at ${at}`);
  }
  // Anything else is the editor's own failure, which no message at the field explains.
  if (status !== 200)
    return announce(
      `Not saved: ${wordsOf(path)}. The editing view failed (${data.error ?? status}): tell a developer; what you typed stays in the field`,
    );
  file.version = data.version;
  state.saved[name] = withValueAt(state.saved[name], target.slice(1), value);
  for (const [key, change] of state.unsaved)
    if (within(fieldName(change.path), fieldName(target))) state.unsaved.delete(key);
  for (const key of state.rejected.keys())
    if (within(key, fieldName(target))) state.rejected.delete(key);
  showProblems(data.problems);
  state.model.canUndo = true;
  renderToolbar();
  announce(`Saved ${wordsOf(path)} in ${file.file}`);
  await Promise.all([redraw(), renderChanges()]);
}

/**
 * Says that a file changed on disk and offers to reload it; what was typed stays in the form.
 * Noticed while the editor types, it leaves the focus where it is.
 */
function changedOnDisk(file: string, whileSaving = true) {
  state.changedOnDisk = file;
  renderToolbar();
  if (!whileSaving) return;
  // A save it refused: the offer to reload takes the focus the save left.
  // The warning beside it says the rest: the status says only what became of the save.
  announce(`Not saved: ${file} changed on disk`);
  document.getElementById('reload')?.focus();
}

/**
 * Shows the check's messages at their fields: the problems of the files as saved (go-live
 * placeholders as reminders), and the errors of each value typed and not saved. An error a value
 * brings to another field (a rule that relates fields or files) shows there, and at the field
 * typed in too, named, since that is where the editor looks.
 * @param problems What the check said last, when it said something new.
 */
function showProblems(problems: Problem[] = state.problems) {
  state.problems = problems;
  for (const box of root.querySelectorAll('.messages')) box.replaceChildren();
  for (const field of root.querySelectorAll('.field.invalid')) field.classList.remove('invalid');
  const shown = new Set<string>();
  const show = (problem: Problem, at: string, elsewhere = '') => {
    const box = boxFor(at);
    const key = `${at} ${problem.field} ${problem.message}`;
    if (!box || shown.has(key)) return;
    shown.add(key);
    const kind = problem.goLive ? 'reminder' : 'error';
    const lead = problem.goLive ? 'Before going live: ' : 'Not saved: ';
    box.append(h('p', { class: kind }, lead, elsewhere, problem.message));
    if (!problem.goLive) box.closest('.field')?.classList.add('invalid');
  };
  for (const problem of problems) show(problem, problem.field);
  for (const [typedIn, { written, errors }] of state.rejected)
    for (const error of errors) {
      show(error, error.field);
      // An error outside what the save writes (another field, another file) is this value's doing.
      if (!within(error.field, written))
        show(error, typedIn, `with this value, ${wordsOf(pathOf(error.field))}: `);
    }
}

/** Whether a field is a group or list, or inside it: `a.b[1]` is within `a.b`. */
const within = (field: string, group: string) =>
  field === group || (field.startsWith(group) && /^[.[]/.test(field.slice(group.length)));

/** The message box of a problem's field, or of the nearest group around it the form shows. */
function boxFor(field: string): Element | null {
  for (let name = field; name; name = name.replace(/(\.[^.[\]]+|\[\d+\])$/, '')) {
    const box = document.getElementById(`field-${name.replace(/[^A-Za-z0-9]+/g, '-')}-messages`);
    if (box) return box;
    if (!/[.[]/.test(name)) break;
  }
  return null;
}

/** The bar above the form: the live status, undo, and the reload offer after a change on disk. */
function renderToolbar() {
  const bar = document.getElementById('toolbar')!;
  const undo = h(
    'button',
    {
      type: 'button',
      onclick: () => detached(afterEarlierWrites(undoLastSave)),
      disabled: !state.model.canUndo,
    },
    'Undo the last save',
  );
  const reload =
    state.changedOnDisk &&
    h(
      'div',
      { class: 'conflict', role: 'alert' },
      h(
        'p',
        {},
        `${state.changedOnDisk} changed on disk since the view read it (a developer's edit, a git checkout?). Nothing was overwritten. Reload the files to go on; what you typed stays in the form.`,
      ),
      h(
        'button',
        { type: 'button', id: 'reload', onclick: () => detached(load(true)) },
        'Reload the files',
      ),
    );
  // After a reload, the values typed and not saved wait for the editor to save them over the files.
  const pending = [...state.unsaved.values()];
  const saveTyped =
    !state.changedOnDisk &&
    !state.unreachable &&
    pending.length > 0 &&
    h(
      'button',
      { type: 'button', onclick: () => detached(saveAllTyped()) },
      `Save what you typed (${pending.map(({ path }) => wordsOf(path)).join('; ')})`,
    );
  const unreachable =
    state.unreachable && h('p', { class: 'conflict', role: 'alert' }, state.unreachable);
  bar.replaceChildren(undo, reload || '', saveTyped || '', unreachable || '');
}

/** Saves each value typed and not saved, one after another. */
async function saveAllTyped() {
  for (const { path } of [...state.unsaved.values()]) await submit(path);
}

async function undoLastSave() {
  const { status, data } = await call<{
    undone: string | null;
    field: string | null;
    file?: string;
  }>('/api/undo', {});
  if (status === 409) return changedOnDisk(data.file!);
  await load(false);
  announce(
    data.undone
      ? `The last save, ${data.field} in ${data.undone}, was undone`
      : 'There is no save to undo',
  );
}

/**
 * The bar of the status, Undo and any alert stays at the top of the window as the form scrolls
 * (view.css); its height, kept in --bar-height, keeps a field given the focus, and the page beside
 * the form, from sliding under it.
 */
const barSize = new ResizeObserver(([entry]) => {
  const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
  document.documentElement.style.setProperty('--bar-height', `${height}px`);
});

/** Draws the whole view again, keeping the focus on the element that had it. */
function render() {
  const focused = document.activeElement?.id;
  const files = state.model.files.map(({ file, name }) => {
    const schema = state.model.schema.properties?.[name];
    const value = state.draft[name];
    const heading = `${wordsOf([name])}`;
    return h(
      'section',
      { class: 'file', 'aria-labelledby': `file-${name}`, id: `section-${name}` },
      h('h2', { id: `file-${name}` }, heading, ' ', h('code', {}, file)),
      value === undefined || !schema
        ? h('p', { class: 'error' }, `${file} cannot be read as it is: see the messages below.`)
        : h(
            'div',
            {},
            ...Object.entries(schema.properties ?? {}).map(([key, field]) => {
              const inside = isObject(value) ? value[key] : undefined;
              return formFor(optionFor(field, inside), [name, key], inside);
            }),
          ),
      h('div', { class: 'messages', id: `field-${name}-messages` }),
    );
  });
  const contents = h(
    'nav',
    { 'aria-label': 'Content files', class: 'contents' },
    h(
      'ul',
      {},
      ...state.model.files.map(({ name }) =>
        h('li', {}, h('a', { href: `#section-${name}` }, wordsOf([name]))),
      ),
    ),
  );
  const pages = h(
    'datalist',
    { id: 'site-pages' },
    ...state.model.choices.pages.map((page) => h('option', { value: page.route }, page.name)),
  );
  const form = h('div', { class: 'form' }, ...files);
  form.addEventListener('focusin', (event) => {
    const field = (event.target as Element).closest('[data-field]')?.getAttribute('data-field');
    if (!field) return;
    showPageOf(field);
    state.selected = field;
    selectInPage();
  });
  const bar = h(
    'div',
    { class: 'bar' },
    h('div', { id: 'toolbar', class: 'toolbar' }),
    h('p', { id: 'status', role: 'status', class: 'status' }),
  );
  barSize.disconnect();
  barSize.observe(bar);
  root.replaceChildren(
    h('h1', {}, "Edit the site's words"),
    bar,
    h(
      'section',
      { id: 'changes', class: 'changes', 'aria-labelledby': 'changes-heading' },
      h('h2', { id: 'changes-heading' }, 'Changes since the last commit'),
      h('div', { id: 'changes-list' }),
      commitForm(),
    ),
    contents,
    h('div', { class: 'layout' }, form, pageBesidePane()),
    pages,
  );
  renderToolbar();
  detached(renderChanges());
  showPage(state.route ?? state.model.choices.pages[0]?.route);
  showProblems(state.problems);
  if (focused) document.getElementById(focused)?.focus();
}

/**
 * A value as the list of changes shows it: a text as written, a link by its words and address, a
 * list as its count and its items, an item that is itself a list (a paragraph with links) in
 * brackets.
 */
function inWords(value: unknown, outermost = true): string {
  if (value === undefined) return '(nothing)';
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) {
    const items = value.map((item) => inWords(item, false)).join('; ');
    if (!outermost) return `[${items}]`;
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}: ${items}`;
  }
  if (isObject(value)) {
    if (typeof value.label === 'string' && typeof value.href === 'string')
      return `a link “${value.label}” to ${value.href}`;
    return Object.values(value)
      .map((field) => inWords(field, false))
      .join(', ');
  }
  return String(value);
}

type Change = { field: FieldPath; words: string; before: unknown; after: unknown };

/** Lists each field changed since the last commit, old and new value, each with its discard. */
async function renderChanges() {
  const { data } = await call<{ repository: boolean; branch: string | null; changes: Change[] }>(
    '/api/changes',
  );
  const list = document.getElementById('changes-list');
  if (!list) return;
  // A new branch starts from the one the project is on, with what was committed there before.
  document.getElementById('commit-from')!.textContent = data.branch
    ? `The new branch starts from ${data.branch}, the branch the project is on, and holds what was committed there too.`
    : '';
  if (!data.repository) {
    list.replaceChildren(
      h('p', {}, 'The project is not a git repository of its own: changes are saved, not listed.'),
    );
    return;
  }
  list.replaceChildren(
    data.changes.length === 0
      ? h('p', {}, 'Nothing has changed since the last commit.')
      : h(
          'ul',
          {},
          ...data.changes.map((change) =>
            h(
              'li',
              { class: 'change' },
              h('span', { class: 'change-field' }, change.words),
              h('span', {}, ` was ${inWords(change.before)}, now ${inWords(change.after)} `),
              h(
                'button',
                {
                  type: 'button',
                  onclick: () => detached(afterEarlierWrites(() => discard(change))),
                },
                `Discard the change to ${change.words}`,
              ),
            ),
          ),
        ),
  );
}

/** Puts a field back to its value in the last commit, through the same check as a save. */
async function discard(change: Change) {
  const name = change.field[0] as string;
  const file = state.model.files.find((f) => f.name === name)!;
  const { status, data } = await call<{ file: string; problems?: Problem[] }>('/api/discard', {
    field: change.field,
    version: file.version,
  });
  if (status === 409) return changedOnDisk(data.file);
  if (status !== 200) {
    showProblems(data.problems ?? []);
    return announce(`Not discarded: ${change.words} — see the message at the field`);
  }
  await load(false);
  announce(`The change to ${change.words} was discarded`);
}

/** The form that commits the changes on a new branch, with the editor's message. */
function commitForm() {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const branch = h('input', {
    id: 'commit-branch',
    value: `content/${stamp}`,
    'aria-describedby': 'commit-from',
    autocomplete: 'off',
  });
  const message = h('textarea', { id: 'commit-message', rows: 2 });
  const commit = async () => {
    // Only what is saved is committed: a value typed and not saved (one the check rejects) would
    // be left out without a word.
    const pending = [...state.unsaved.values()].map(({ path }) => wordsOf(path));
    if (pending.length > 0)
      return announce(
        `Not committed: ${pending.join('; ')} ${pending.length === 1 ? 'is' : 'are'} typed and not saved. Correct ${pending.length === 1 ? 'it' : 'them'} until saved, or reload this page to drop what was typed, then commit.`,
      );
    const { status, data } = await call<{ branch?: string; problem?: string }>('/api/commit', {
      branch: branch.value,
      message: message.value,
    });
    if (status !== 200) return announce(`Not committed: ${data.problem ?? 'git failed'}`);
    message.value = '';
    announce(
      `Committed to the new branch ${data.branch}: docs/editing.md says how to propose it as a pull request`,
    );
    await renderChanges();
  };
  return h(
    'div',
    { class: 'commit' },
    h('label', { for: 'commit-branch' }, 'New branch'),
    h('p', { id: 'commit-from', class: 'help' }),
    branch,
    h('label', { for: 'commit-message' }, 'What you changed, in a sentence'),
    message,
    h(
      'button',
      { type: 'button', onclick: () => detached(afterEarlierWrites(commit)) },
      'Commit the changes to a new branch',
    ),
  );
}

/**
 * The content file a page is mostly about: of the files it draws from, a page's own (a file with a
 * title) before shared ones, and of those the one the fewest pages draw from.
 */
function mainFileOf(page: Model['pages'][number]) {
  const drawnBy = (name: string) => state.model.pages.filter((p) => p.contentFiles.includes(name));
  const isPage = (name: string) =>
    Boolean(state.model.schema.properties?.[name]?.properties?.title);
  const pageFiles = page.contentFiles.filter(isPage);
  const candidates = pageFiles.length > 0 ? pageFiles : page.contentFiles;
  return [...candidates].sort((a, b) => drawnBy(a).length - drawnBy(b).length)[0]!;
}

/** A page's name in the view: its main file's words and its route. */
/**
 * A page as "Page shown" names it: its main file's name, and where visitors meet it, in words for
 * the two pages that have no address of their own (app/not-found.tsx, app/error.tsx).
 */
const pageName = (page: Model['pages'][number]) => {
  const where: Record<string, string> = {
    '/_not-found': 'at any address that is no page',
    '/_error': 'when a page fails to load',
  };
  return `${wordsOf([mainFileOf(page)])} (${where[page.route] ?? page.route})`;
};

/** Pages in the order an editor looks for them: the site's pages, the two without an address, files. */
const byKind = (a: Model['pages'][number], b: Model['pages'][number]) => {
  const rank = (page: Model['pages'][number]) =>
    page.handler ? 2 : page.route.startsWith('/_') ? 1 : 0;
  return rank(a) - rank(b) || a.route.localeCompare(b.route);
};

/** The panel beside the form: which page, the page itself, and how it shows in search results. */
function pageBesidePane() {
  const choose = h(
    'select',
    {
      id: 'page-beside-page',
      onchange: (event: Event) => showPage((event.target as HTMLSelectElement).value),
    },
    ...[...state.model.pages]
      .sort(byKind)
      .map((page) => h('option', { value: page.route }, pageName(page))),
  );
  return h(
    'aside',
    { class: 'page-beside', 'aria-labelledby': 'page-beside-heading' },
    h('h2', { id: 'page-beside-heading' }, 'The page beside the form'),
    h('label', { for: 'page-beside-page' }, 'Page shown'),
    choose,
    h('p', { id: 'page-beside-note', class: 'help' }),
    h('div', { id: 'page-beside-choice', class: 'choice' }),
    h('iframe', {
      id: 'page-beside-frame',
      title: 'The page as it will look',
      // Busy until a page is loaded into it and drawn (frameDrawing).
      'aria-busy': 'true',
      // A value typed while the page was loading reached the server after the page asked for it,
      // and the word to draw it again reached the page it replaced: each load asks once more.
      onload: () => {
        frameDrawing.loaded = true;
        askToDraw();
        selectInPage();
      },
    }),
    h(
      'section',
      { class: 'search-result', 'aria-labelledby': 'search-result-heading' },
      h('h3', { id: 'search-result-heading' }, 'In search results and share cards'),
      h('p', { id: 'search-title', class: 'search-title' }),
      h('p', { id: 'search-route', class: 'path' }),
      h('p', { id: 'search-description' }),
      h('div', { id: 'share-image' }),
    ),
  );
}

/**
 * Shows a page the field is on: one that draws its text, or for a field that is no text of a page
 * (a time, a phone number, a setting), one that draws from its file, the site's own pages before
 * the not-found and error pages. The page shown stays where it already does.
 */
function showPageOf(field: string) {
  const name = field.split(/[.[]/)[0]!;
  const drawsText = (page: Model['pages'][number]) => state.fieldsOn[page.route]?.includes(field);
  const drawsFrom = (page: Model['pages'][number]) => page.contentFiles.includes(name);
  const withText = state.model.pages.filter(drawsText);
  const shown = state.model.pages.find((page) => page.route === state.route);
  if (shown && (withText.length > 0 ? drawsText(shown) : drawsFrom(shown))) return;
  const ownPagesFirst = state.model.pages.filter(drawsFrom).sort(byKind);
  const page = withText[0] ?? ownPagesFirst.find((p) => mainFileOf(p) === name) ?? ownPagesFirst[0];
  const note = document.getElementById('page-beside-note')!;
  note.textContent = page ? '' : `${wordsOf([name])} appears on no page of the site.`;
  if (page) showPage(page.route);
}

/** Tells the page beside the form which field is being edited, to outline its texts. */
function selectInPage() {
  const frame = document.getElementById('page-beside-frame') as HTMLIFrameElement | null;
  frame?.contentWindow?.postMessage({ select: state.selected }, location.origin);
}

/**
 * Where the page beside the form is in being drawn as the form last asked: whether the frame's
 * page has loaded (its script, which hears clicks, runs before that), and the number of the last
 * request to draw it again. Until the page has loaded and answered that request, the frame is
 * marked busy (aria-busy), so that assistive technologies, and the tests, know a click on it may
 * not yet be heard, or may land on a text about to be replaced.
 */
const frameDrawing = { loaded: false, asked: 0 };

/** Asks the page beside the form to draw itself again with the values typed, and marks it busy. */
function askToDraw() {
  const frame = document.getElementById('page-beside-frame') as HTMLIFrameElement | null;
  if (!frame) return;
  frameDrawing.asked += 1;
  frame.setAttribute('aria-busy', 'true');
  frame.contentWindow?.postMessage({ refresh: frameDrawing.asked }, location.origin);
}

// The page beside the form has drawn itself as asked: once it answers the last request, and only a
// page that has loaded (an earlier page, still answering while the next one loads, is not the one
// shown), the frame is no longer busy.
window.addEventListener('message', (event: MessageEvent<{ editorDrawn?: number }>) => {
  const frame = document.getElementById('page-beside-frame') as HTMLIFrameElement | null;
  if (event.origin !== location.origin || !frame || event.source !== frame.contentWindow) return;
  if (frameDrawing.loaded && event.data.editorDrawn === frameDrawing.asked)
    frame.setAttribute('aria-busy', 'false');
});

/** Shows a page in the frame beside the form, busy until it has loaded and drawn itself. */
function showPage(route: string | undefined) {
  if (!route) return;
  state.route = route;
  (document.getElementById('page-beside-page') as HTMLSelectElement).value = route;
  const frame = document.getElementById('page-beside-frame') as HTMLIFrameElement;
  frameDrawing.loaded = false;
  frame.setAttribute('aria-busy', 'true');
  frame.src = pageBesideAddress(route);
  detached(searchResult());
}

/** How the page shown reads in search results, with the content as the form shows it. */
async function searchResult() {
  const page = state.model.pages.find((p) => p.route === state.route);
  const { data } = await call<{
    title?: string;
    description?: string;
    image?: { url: string; alt: string };
  }>(`/api/search-result?page=${encodeURIComponent(state.route ?? '/')}`);
  document.getElementById('search-title')!.textContent =
    data.title ?? 'This is no page, so it shows in no search result.';
  document.getElementById('search-route')!.textContent = page?.route ?? '';
  document.getElementById('search-description')!.textContent = data.description ?? '';
  // The picture a share card shows (site.shareImage), with the text read out in its place.
  document
    .getElementById('share-image')!
    .replaceChildren(
      data.image
        ? h('img', { src: data.image.url, alt: data.image.alt, class: 'share-image' })
        : '',
    );
}

/** Hands the server the values typed and not saved, and draws the page with them. */
async function redraw() {
  const drafts = Object.fromEntries(
    Object.entries(state.draft).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(state.saved[name]),
    ),
  );
  await call('/api/draft', { drafts });
  askToDraw();
  await searchResult();
}

/** A field's path from its name as the check writes it: `a.b[1].c` is ['a', 'b', 1, 'c']. */
const pathOf = (name: string): FieldPath =>
  [...name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? key! : Number(index),
  );

/** Moves to a field of the form, as a click on its text in the page asks. */
function focusField(name: string) {
  const input = document.getElementById(idOf(pathOf(name)));
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
  announce(`${wordsOf(pathOf(name))}: selected from the page`);
}

/** Each online banking line's field of one name: its label. */
const onlineBankingLines = (key: string) =>
  ((valueAt(state.draft.contact, ['onlineBankingLines']) as unknown[] | undefined) ?? []).map(
    (_, line) => fieldName(['contact', 'onlineBankingLines', line, key]),
  );

/**
 * The slots the site fills from fields of other names, as the components fill them, by the
 * text they are in ('*': in any text): the footer's {year} from the copyright year of the page
 * shown; the hours line's office and its times there from the South Africa page's office and the
 * hours; the contact card's phone lines' labels from the online banking lines (of which a click on
 * the number cannot tell which: both are offered; the number itself is found by its value).
 */
const FILLED_FROM_OTHER_FIELDS: Record<string, Record<string, () => string[]>> = {
  '*': {
    year: () =>
      (state.model.pages.find((page) => page.route === state.route)?.contentFiles ?? [])
        .filter((file) => valueAt(state.draft[file], ['copyrightYear']) !== undefined)
        .map((file) => fieldName([file, 'copyrightYear'])),
    office: () => ['southAfrica.office.locality'],
    localOpens: () => [
      'contact.hours.opens',
      'contact.hours.timeZone',
      'southAfrica.office.timeZone',
    ],
    localCloses: () => [
      'contact.hours.closes',
      'contact.hours.timeZone',
      'southAfrica.office.timeZone',
    ],
  },
  'southAfrica.contact.clients.phoneLine': { label: () => onlineBankingLines('label') },
};

/**
 * The fields a text's `{slot}` is filled from: those the site fills it from under another
 * name (FILLED_FROM_OTHER_FIELDS), else a field of that name beside the text, or at the top of a
 * content file (`{name}` is the site's name).
 */
function slotFields(text: string, slot: string): string[] {
  const other =
    (FILLED_FROM_OTHER_FIELDS[text] ?? {})[slot] ?? FILLED_FROM_OTHER_FIELDS['*']![slot];
  if (other) return other();
  const path = pathOf(text);
  const beside = [...path.slice(0, -1), slot];
  if (valueAt(state.draft[path[0] as string], beside.slice(1)) !== undefined)
    return [fieldName(beside)];
  const file = Object.keys(state.draft).find(
    (name) => typeof valueAt(state.draft[name], [slot]) === 'string',
  );
  return file ? [fieldName([file, slot])] : [];
}

/** The fields a text on the page is made of: those marked around it, and its slots'. */
function fieldsOfText(marked: string[], clicked: string): string[] {
  const valueOf = (field: string) =>
    valueAt(state.draft[pathOf(field)[0] as string], pathOf(field).slice(1));
  const fields = [...marked];
  // A text clicked that is no marked field's whole value (a phone number inside its line, an
  // e-mail address) is found among the fields by its value.
  if (clicked && (marked.length === 0 || valueOf(marked[0]!) !== clicked))
    fields.push(...fieldsWithValue(clicked).filter((field) => !fields.includes(field)));
  for (const field of marked)
    for (const [, slot] of String(valueOf(field)).matchAll(/\{(\w+)\}/g))
      for (const filledFrom of slotFields(field, slot!))
        if (!fields.includes(filledFrom)) fields.push(filledFrom);
  return fields;
}

/** The fields of the content whose value is this text. */
function fieldsWithValue(text: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: FieldPath) => {
    if (value === text) found.push(fieldName(path));
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (isObject(value))
      for (const [key, field] of Object.entries(value)) walk(field, [...path, key]);
  };
  for (const [name, value] of Object.entries(state.draft)) walk(value, [name]);
  return found;
}

// A click on a text of the page names the fields it is made of, innermost first.
window.addEventListener(
  'message',
  (event: MessageEvent<{ editorFields?: string[]; editorText?: string }>) => {
    if (event.origin !== location.origin || !event.data.editorFields) return;
    const fields = fieldsOfText(event.data.editorFields, event.data.editorText ?? '');
    const choice = document.getElementById('page-beside-choice')!;
    choice.replaceChildren();
    if (fields.length === 0) return;
    if (fields.length === 1) {
      choice.replaceChildren();
      return focusField(fields[0]!);
    }
    choice.replaceChildren(
      h('p', {}, 'This text is made of several fields:'),
      ...fields.map((field) =>
        h('button', { type: 'button', onclick: () => focusField(field) }, wordsOf(pathOf(field))),
      ),
    );
    (choice.querySelector('button') as HTMLButtonElement).focus();
  },
);

/**
 * Reads the files from the server; after a change on disk, the values typed and not saved are put
 * back over the files as read, so that nothing the editor typed is lost.
 */
async function load(keepTyped: boolean) {
  const { data } = await call<Model>('/api/content');
  state.model = data;
  state.fieldsOn = (await call<Record<string, string[]>>('/api/fields-on-pages')).data;
  state.changedOnDisk = undefined;
  for (const { name, value } of data.files) {
    state.saved[name] = value;
    state.draft[name] = value;
  }
  if (keepTyped)
    for (const { path, value } of state.unsaved.values()) {
      const name = path[0] as string;
      state.draft[name] = withValueAt(state.draft[name], path.slice(1), value);
    }
  else {
    state.unsaved.clear();
    state.rejected.clear();
  }
  state.problems = data.problems;
  render();
  if (keepTyped && state.unsaved.size > 0)
    announce('The files were reloaded; what you typed is in the form, not saved yet');
  // The server draws the page beside the form with the drafts it was last given, which may be a
  // page's before this one was reloaded: it is given the form's own.
  await redraw();
}

/**
 * Compares each file's version on disk with the one the form was read from, and says so where a
 * file changed outside the view. It runs between writes, so that the view's own save is never
 * taken for someone else's.
 */
async function noticeChangesOnDisk() {
  if (state.changedOnDisk || !state.model) return;
  const { data } = await call<Record<string, string>>('/api/versions');
  if (state.unreachable) {
    state.unreachable = undefined;
    renderToolbar();
  }
  const changed = state.model.files.find((file) => data[file.name] !== file.version);
  if (changed) changedOnDisk(changed.file, false);
}

// When the editor comes back to the view (from a terminal, a code editor, a git checkout), and
// every few seconds while it is open.
const CHANGE_POLL_MS = 3000;
window.addEventListener('focus', () => detached(afterEarlierWrites(noticeChangesOnDisk)));
setInterval(() => detached(afterEarlierWrites(noticeChangesOnDisk)), CHANGE_POLL_MS);

// A page being left stops its requests, which is no failure: nothing is said of them.
let leaving = false;
window.addEventListener('pagehide', () => (leaving = true));

/**
 * What became of work the view started and nothing awaits (a save on leaving a field, the check
 * as the editor types, the look at the files every few seconds): a server that stopped is said
 * once, in the bar, and unsaid when it answers again; any other failure of the view itself is said
 * on the page, for the editor to pass on to a developer. Each such piece of work is caught here
 * rather than left to the browser's unhandled rejections, which Firefox reports as errors of their
 * own while a page is being left.
 */
function failed(reason: unknown) {
  if (leaving) return;
  if (reason instanceof Unreachable) {
    if (state.unreachable === reason.message) return;
    state.unreachable = reason.message;
    return renderToolbar();
  }
  root.append(
    h('p', { class: 'error', role: 'alert' }, `The editing view failed: ${String(reason)}`),
  );
}

/** Starts work that nothing awaits, its failure said by failed(). */
function detached(work: Promise<unknown>): void {
  work.catch(failed);
}

detached(load(false));
