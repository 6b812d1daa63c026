/**
 * Which pictures are photographs, and where the site serves their sizes and formats: what the
 * content check and the site's code need without loading sharp, which photograph.ts makes them with.
 */

/** The extensions of the files the build makes photographs of: JPEG and PNG pictures. */
export const PHOTOGRAPH_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Whether the picture at this address is one the build makes sizes and formats of. */
export const isPhotograph = (address: string) =>
  (PHOTOGRAPH_EXTENSIONS as readonly string[]).includes(
    address.split('.').at(-1)?.toLowerCase() ?? '',
  );

/** Where the site serves a photograph's sizes and formats: one folder, whose files never change. */
export const PHOTOGRAPHS_FOLDER = '/photographs/';
