/**
 * What may name an object of the records store. A key is a path in the folder store and an
 * object's name in R2 alike, so it may hold nothing that either would read otherwise (`..`, a
 * backslash, a colon, a space, a percent sign). The records Worker (deploy/records/worker.ts) checks
 * every key it is sent against the same rule, so this file imports nothing of Node's.
 */

/** Names of letters, digits, dots, dashes and underscores, none beginning with a dot, joined by slashes. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** The longest key: R2's limit is 1,024 bytes, and a folder's names are shorter still. */
const KEY_LENGTH = 512;

/** Whether a key may name an object in every store. */
export const isKey = (key: string) => key.length <= KEY_LENGTH && KEY.test(key);
