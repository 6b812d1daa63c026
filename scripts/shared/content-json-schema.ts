/**
 * The content schema as JSON Schema, each field that has a kind marked with it as `x-kind`, each
 * text people read with its kind of text as `x-text`, and each field named in an editor's words
 * where its key would not say it (`title`, and for a list's items, `x-item`): what the editing view
 * generates its form from, and what the content check and the view read a field's name in words
 * from (field-words.ts).
 */
import { z } from 'zod';
import { contentSchema, fieldKinds, textKinds } from '../../content/schema';
import type { SchemaNode } from './field-words';

/** The content schema as JSON Schema, each field marked with its kind and its kind of text. */
export function contentJsonSchema(): SchemaNode {
  return z.toJSONSchema(contentSchema, {
    // A rule zod cannot write as JSON Schema (a refinement) leaves the field's type as it is.
    unrepresentable: 'any',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const marked = fieldKinds.get(zodSchema as unknown as z.ZodType);
      if (marked) jsonSchema['x-kind'] = marked.kind;
      const text = textKinds.get(zodSchema as unknown as z.ZodType);
      if (text) jsonSchema['x-text'] = text.text;
    },
  }) as SchemaNode;
}
