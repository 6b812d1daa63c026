/**
 * Choosing a picture from the editor's computer, beside a picture's file field: the file's bytes
 * go to the server's picture route (editor/both-servers/pictures.ts), which reads their type,
 * strips their metadata, caps their pixels and stores them in public/images under a name of its
 * own; the picture's fields (its file, width and height) then name what was stored, saved as one
 * change like any other. A file refused is said at the file field, in the server's words.
 */
import { useContext } from 'react';
import { fieldName } from '../../scripts/build/field-name';
import { fieldWords } from '../../scripts/shared/field-words';
import { valueAt } from '../shared/values';
import { pictureTooLarge } from '../shared/picture-limit';
import type { PictureStored } from '../shared/protocol';
import { call, type FieldPath } from './api';
import { StoreContext, useView } from './context';
import type { Actions } from './actions';
import type { Store } from './state';

/** What the picture route answers: the picture stored, or why not, in words. */
type PictureAnswer = Partial<Exclude<PictureStored, { refused: string }>> & {
  problem?: string;
  error?: string;
};

/**
 * Sends a picture chosen to the server, and names it in the picture's fields.
 * @param path The picture's file field: the group's `src`.
 */
async function sendPicture(path: FieldPath, file: File, actions: Actions, store: Store) {
  const state = () => store.getState();
  const words = fieldWords(path, state().model!.schema, state().draft);
  const field = fieldName(path);
  const tooLarge = pictureTooLarge(file.size);
  if (!tooLarge) actions.say(`Sending ${file.name} for ${words}…`, field);
  const { status, data } = tooLarge
    ? { status: 413, data: { problem: tooLarge } as PictureAnswer }
    : await call<PictureAnswer>('/api/picture', file);
  const { src, width, height } = data;
  if (status === 200 && src && width && height) {
    const group = path.slice(0, -1);
    const before = valueAt(state().draft[group[0] as string], group.slice(1));
    return actions.edited(group, { ...(before as object), src, width, height }, true);
  }
  const contentFile = state().model!.files.find((f) => f.name === path[0])!.file;
  const message =
    data.problem ?? `The editing view failed (${data.error ?? status}): tell a developer`;
  actions.dispatch({
    type: 'rejected',
    typedIn: field,
    written: field,
    errors: [{ file: contentFile, field, message, line: 0, column: 0 }],
    reminders: [],
  });
  actions.say(`Not saved: ${words} — see the message at the field`, field);
}

/**
 * The file chooser of a picture's file field, described by the field's own help and messages.
 * @param path The picture's file field: the group's `src`.
 */
export function PictureUpload({ path, describedBy }: { path: FieldPath; describedBy: string }) {
  const { actions, store } = useContext(StoreContext);
  const words = useView((state) => fieldWords(path.slice(0, -1), state.model!.schema, state.draft));
  return (
    <label className="picture-upload">
      {`${words}: a picture from your computer`}
      <input
        type="file"
        accept="image/jpeg,image/png"
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that the same file chosen again (after a refusal mended) is sent again.
          event.target.value = '';
          if (file) actions.inTurn(() => sendPicture(path, file, actions, store));
        }}
      />
    </label>
  );
}
