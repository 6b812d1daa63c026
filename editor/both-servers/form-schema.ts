/**
 * What the form is generated from: the content schema as JSON Schema, each field marked with the
 * kind the schema gives it (`x-kind`), so that the view chooses each field's input by its kind and
 * a field added to the schema appears with no form code written for it. The choices some inputs
 * offer come from the project: the site's pages by name, the images in public/, the time zones.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { routes } from '../../lib/routes';
import { contentJsonSchema } from '../../scripts/shared/content-json-schema';
import type { ReadFile } from './content-files';

/** The content schema as JSON Schema, each field that has a kind marked with it as `x-kind`. */
export const formSchema = contentJsonSchema;

/** The image files in a public/ folder, as a content file writes them: '/images/hero.svg'. */
function publicImages(top: string, folder = top): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const inside = path.join(folder, entry.name);
    if (entry.isDirectory()) return publicImages(top, inside);
    const image = /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(entry.name);
    return image ? [`/${path.relative(top, inside).split(path.sep).join('/')}`] : [];
  });
}

/**
 * The choices of the inputs that offer some: pages by name, images, time zones.
 * @param root The folder whose public/ the images are in: the project's root, or a workspace.
 */
export function formChoices(files: ReadFile[], root: string) {
  // A page's name is its content file's title; its route is named after the file's export.
  const titleOf = (name: string) => {
    const value = files.find((file) => file.name === name)?.read?.value as
      { title?: unknown } | undefined;
    return typeof value?.title === 'string' ? value.title : name;
  };
  return {
    pages: Object.entries(routes).map(([name, route]) => ({ route, name: titleOf(name) })),
    images: publicImages(path.join(root, 'public')),
    timeZones: [...Intl.supportedValuesOf('timeZone'), 'UTC'],
  };
}
