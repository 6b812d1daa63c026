/**
 * How the content check names a field, in a module of its own with no imports, so that the
 * editing view's browser code (editor/browser/) names fields exactly as the check's messages do.
 */

/**
 * A field's path as editors read it, `southAfrica.sections[0].heading`: the file's export name, then
 * each key or index. It is also the key of `ContentFile.places`, so the reader and the check agree.
 */
export const fieldName = (fieldPath: readonly PropertyKey[]) =>
  fieldPath
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${String(key)}` : String(key)))
    .join('');
