/**
 * The fields a text clicked on the page beside the form is made of: the fields tagged around it,
 * the fields its slots (`{year}`, `{office}`…) are filled from, and, for a text no tag marks (a
 * phone number, an e-mail address), the fields whose value it is.
 */
import { fieldName } from '../../scripts/build/field-name';
import { isGroup, valueAt } from '../shared/values';
import type { FieldPath } from './api';
import { pathOf, type State } from './state';

/** Each online banking line's field of one name: its label. */
const onlineBankingLines = (state: State, key: string) =>
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
const FILLED_FROM_OTHER_FIELDS: Record<string, Record<string, (state: State) => string[]>> = {
  '*': {
    year: (state) =>
      (state.model!.pages.find((page) => page.route === state.route)?.contentFiles ?? [])
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
  'southAfrica.contact.clients.phoneLine': { label: (state) => onlineBankingLines(state, 'label') },
};

/**
 * The fields a text's `{slot}` is filled from: those the site fills it from under another
 * name (FILLED_FROM_OTHER_FIELDS), else a field of that name beside the text, or at the top of a
 * content file (`{name}` is the site's name).
 */
function slotFields(state: State, text: string, slot: string): string[] {
  const other =
    (FILLED_FROM_OTHER_FIELDS[text] ?? {})[slot] ?? FILLED_FROM_OTHER_FIELDS['*']![slot];
  if (other) return other(state);
  const path = pathOf(text);
  const beside = [...path.slice(0, -1), slot];
  if (valueAt(state.draft[path[0] as string], beside.slice(1)) !== undefined)
    return [fieldName(beside)];
  const file = Object.keys(state.draft).find(
    (name) => typeof valueAt(state.draft[name], [slot]) === 'string',
  );
  return file ? [fieldName([file, slot])] : [];
}

/** The fields a text on the page is made of: those tagged around it, and its slots'. */
export function fieldsOfText(state: State, tagged: string[], clicked: string): string[] {
  const valueOf = (field: string) =>
    valueAt(state.draft[pathOf(field)[0] as string], pathOf(field).slice(1));
  const fields = [...tagged];
  // A text clicked that is no tagged field's whole value (a phone number inside its line, an
  // e-mail address) is found among the fields by its value.
  if (clicked && (tagged.length === 0 || valueOf(tagged[0]!) !== clicked))
    fields.push(...fieldsWithValue(state, clicked).filter((field) => !fields.includes(field)));
  for (const field of tagged)
    for (const [, slot] of String(valueOf(field)).matchAll(/\{(\w+)\}/g))
      for (const filledFrom of slotFields(state, field, slot!))
        if (!fields.includes(filledFrom)) fields.push(filledFrom);
  return fields;
}

/** The fields of the content whose value is this text. */
function fieldsWithValue(state: State, text: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: FieldPath) => {
    if (value === text) found.push(fieldName(path));
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (isGroup(value))
      for (const [key, field] of Object.entries(value)) walk(field, [...path, key]);
  };
  for (const [name, value] of Object.entries(state.draft)) walk(value, [name]);
  return found;
}
