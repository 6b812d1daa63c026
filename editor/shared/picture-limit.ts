/**
 * The largest picture file the editing view sends and its servers read
 * (editor/both-servers/pictures.ts): 16 MB, above a good camera's JPEG (about 10 MB at 33 million
 * pixels), far above the words' 64 kB (both-servers/read-body.ts), which stays for every other request.
 * The view refuses a larger file before sending it, in these words, as a server's answer to a body
 * it stops reading may never reach the browser.
 */
export const PICTURE_LIMIT = 16 * 1024 * 1024;

/** Why a picture file is too large to send, in words, or undefined. */
export function pictureTooLarge(bytes: number): string | undefined {
  if (bytes <= PICTURE_LIMIT) return undefined;
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  return `This file is ${megabytes} MB, more than the ${PICTURE_LIMIT / 1024 / 1024} MB a picture may be: make it smaller`;
}
