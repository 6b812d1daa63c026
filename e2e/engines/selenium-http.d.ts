/**
 * selenium-webdriver's types describe its HTTP client under 'selenium-webdriver/http'; Node's ESM
 * resolver needs the file itself.
 */
declare module 'selenium-webdriver/http/index.js' {
  export * from 'selenium-webdriver/http';
}
