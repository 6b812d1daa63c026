/**
 * The editing view's API over one folder of content files: what the form is drawn from, each
 * file's version, the changes since a commit, the check of a value typed, and the writes (save,
 * discard, undo), and a picture chosen from the editor's computer (pictures.ts). npm run edit
 * (local/server.ts) serves it over the project's root, with a commit of its own; the editing
 * service (service/server.ts) over each editor's workspace, where a change is proposed instead. The
 * gate in front of it (local/request-gate.ts, or the service's) has let the request through; what
 * is refused here is refused by the content (content-files.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fieldWords, type SchemaNode } from '../../scripts/shared/field-words';
import { PICTURE_LIMIT } from '../shared/picture-limit';
import type {
  Changes,
  Committed,
  ContentModel,
  Failure,
  FieldPath,
  PictureStored,
  Refusal,
  SitePage,
  TooLong,
  Undone,
  Versions,
} from '../shared/protocol';
import { TAB_HEADER } from '../shared/token-header';
import { valueAt } from '../shared/values';
import {
  changesSinceCommit,
  commitToBranch,
  committedValue,
  currentBranch,
  isOwnRepository,
} from './changes';
import { ContentFiles, versionOf } from './content-files';
import type { fieldDocs } from './field-docs';
import { formChoices } from './form-schema';
import { storePicture } from './pictures';
import { readBody, readBytes } from './read-body';
import { send } from './view-files';

/** A field path from a request: the export name then keys and indices, nothing else. */
const isFieldPath = (value: unknown): value is FieldPath =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  value.every((key) => typeof key === 'string' || (Number.isInteger(key) && key >= 0));

/** The status that tells the view why a write was refused. */
const refusalStatus: Record<Refusal['refused'], number> = {
  check: 422,
  'changed in another tab': 409,
  'changed on disk': 409,
  'unknown field': 404,
};

/** A tab's id as the view makes it (shared/token-header.ts): 1 to 64 letters, digits and dashes. */
const TAB_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The tab a request comes from: its id, or undefined where the request names none that fits. */
export function tabOf(request: IncomingMessage): string | undefined {
  const given = request.headers[TAB_HEADER];
  return typeof given === 'string' && TAB_ID.test(given) ? given : undefined;
}

/**
 * The routes that write the content files (or commit them) or a picture, which only a tab's request
 * may call.
 */
const WRITES = ['/api/save', '/api/discard', '/api/undo', '/api/commit', '/api/picture'];

/** What the API serves, the same for every folder: the form's schema, help, and the site's pages. */
export type Shared = {
  schema: SchemaNode;
  docs: ReturnType<typeof fieldDocs>;
  pages: SitePage[];
};

/**
 * The API over one folder's content files.
 * @param root The folder: the project's root, or a workspace.
 * @param options.base The commit the changes are counted from, and a discard puts a value back
 *   to: the workspace's first commit in the service; the last commit, where none is named.
 * @param options.commits Whether the view may commit to a new branch (npm run edit only).
 * @param options.tooLong Why a value is too long to save, in words, where it is (the editing
 *   service's limits); the value is then refused with 422 before anything is checked or written.
 * @param options.refused Told of each write refused, with its status and answer (the service's
 *   audit log records it).
 * @param options.storing Runs the storing of a picture, given the bytes received: the editing
 *   service records it before and after, and refuses it where it cannot.
 */
export function contentApi(
  content: ContentFiles,
  root: string,
  shared: Shared,
  options: {
    base?: () => string | undefined;
    commits: boolean;
    tooLong?: (value: unknown) => string | undefined;
    refused?: (route: string, status: number, answer: unknown) => void;
    storing?: (bytes: Buffer, store: () => Promise<PictureStored>) => Promise<PictureStored>;
  },
) {
  const { schema, docs, pages } = shared;
  const base = () => options.base?.();
  /** Sends an answer, and tells of a write refused. */
  const answer = (response: ServerResponse, route: string, status: number, body: unknown) => {
    if (status >= 400 && WRITES.includes(route)) options.refused?.(route, status, body);
    return send(response, status, body);
  };

  /**
   * Everything the form needs: the schema, each file's value and version, help, choices, problems,
   * warnings, and whether the tab asking has a save to undo (a request of no tab has none).
   */
  const model = (tab: string | undefined): ContentModel => {
    const files = content.readAll();
    return {
      schema,
      pages,
      files: files.map(({ file, name, source, read }) => ({
        file,
        name,
        version: versionOf(source),
        value: read?.value,
      })),
      docs,
      choices: formChoices(files, root),
      problems: content.problems(files),
      warnings: content.warnings(files),
      canUndo: tab !== undefined && content.canUndo(tab),
    };
  };

  return async (request: IncomingMessage, response: ServerResponse, route: string) => {
    if (request.method === 'GET' && route === '/api/content')
      return send(response, 200, model(tabOf(request)));
    // Each file's version on disk, for the view to notice a change made outside it, and the files
    // as another tab of this view saved them, for the view to say so.
    if (request.method === 'GET' && route === '/api/versions') {
      const files = content.readAll();
      return send(response, 200, {
        versions: Object.fromEntries(files.map(({ name, source }) => [name, versionOf(source)])),
        byAnotherTab: files
          .filter((file) => content.writtenByAnotherTab(file, tabOf(request)))
          .map(({ name }) => name),
      } satisfies Versions);
    }
    if (request.method === 'GET' && route === '/api/changes') {
      const files = content.readAll();
      const values = Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));
      const changes = changesSinceCommit(files, root, base()).map((change) => ({
        ...change,
        words: fieldWords(change.field, schema, values),
      }));
      const repository = isOwnRepository(root);
      const branch = repository ? (currentBranch(root) ?? null) : null;
      return send(response, 200, { repository, branch, changes } satisfies Changes);
    }
    if (request.method !== 'POST')
      return send(response, 405, { error: 'not allowed' } satisfies Failure);
    // A picture's bytes, under a limit of their own (pictures.ts), not JSON.
    if (route === '/api/picture') {
      if (tabOf(request) === undefined)
        return answer(response, route, 400, { error: `a tab's id in ${TAB_HEADER}` });
      const read = await readBytes(request, PICTURE_LIMIT);
      if ('status' in read) {
        response.setHeader('connection', 'close');
        answer(response, route, 413, {
          refused: 'too large',
          problem: `This file is larger than the ${PICTURE_LIMIT / 1024 / 1024} MB a picture may be: make it smaller`,
        });
        return void response.on('finish', () => request.destroy());
      }
      const store = () => storePicture(root, read.bytes);
      const stored = await (options.storing ? options.storing(read.bytes, store) : store());
      if ('refused' in stored)
        return answer(response, route, 422, { refused: 'picture', problem: stored.refused });
      return answer(response, route, 200, stored);
    }
    const body = await readBody(request);
    if ('status' in body) {
      response.setHeader('connection', 'close');
      answer(response, route, body.status, {
        error: body.status === 413 ? 'too large' : 'not JSON',
      } satisfies Failure);
      return void response.on('finish', () => request.destroy());
    }
    const tab = tabOf(request);
    if (WRITES.includes(route) && tab === undefined)
      return answer(response, route, 400, {
        error: `a tab's id in ${TAB_HEADER}`,
      } satisfies Failure);
    const { field, value, version, saves } = (body.value ?? {}) as Record<string, unknown>;
    const tooLong = options.tooLong?.(
      Array.isArray(saves) ? saves.map((save) => (save as { value?: unknown })?.value) : value,
    );
    if (tooLong && (route === '/api/save' || route === '/api/check'))
      return answer(response, route, 422, {
        refused: 'too long',
        problem: tooLong,
      } satisfies TooLong);
    // Several values saved as one, which the check judges together (content-files.ts).
    if (route === '/api/save' && Array.isArray(saves)) {
      const each = saves as Record<string, unknown>[];
      if (
        each.length === 0 ||
        !each.every((save) => isFieldPath(save?.field) && typeof save.version === 'string')
      )
        return answer(response, route, 400, {
          error: 'each save with its field and version',
        } satisfies Failure);
      const saved = await content.saveTogether(
        each.map((save) => ({
          field: save.field as FieldPath,
          value: save.value,
          version: save.version as string,
        })),
        tab!,
      );
      return answer(
        response,
        route,
        'refused' in saved ? refusalStatus[saved.refused] : 200,
        saved,
      );
    }
    if (route === '/api/commit' && options.commits) {
      const { branch, message } = (body.value ?? {}) as Record<string, unknown>;
      if (typeof branch !== 'string' || typeof message !== 'string')
        return send(response, 400, { error: 'a branch and a message' } satisfies Failure);
      const committed = commitToBranch(content.readAll(), branch, message);
      if (!('problem' in committed)) content.forgetLastSaves();
      return send(
        response,
        'problem' in committed ? 422 : 200,
        committed satisfies Committed | Failure,
      );
    }
    if (route === '/api/undo') {
      const undone = await content.undo(tab!);
      if (undone && 'refused' in undone) return answer(response, route, 409, undone);
      const values = Object.fromEntries(
        content.readAll().map(({ name, read }) => [name, read?.value]),
      );
      const words = undone && fieldWords(undone.field, schema, values);
      return send(response, 200, {
        undone: undone?.file ?? null,
        field: words ?? null,
      } satisfies Undone);
    }
    if (!isFieldPath(field)) return send(response, 400, { error: 'no field' } satisfies Failure);
    if (route === '/api/check') {
      const checked = content.check(field, value);
      return send(response, 'refused' in checked ? refusalStatus[checked.refused] : 200, checked);
    }
    if (route === '/api/discard' && typeof version === 'string') {
      // Outside a repository of its own, the last commit would be the one around the project's.
      if (!isOwnRepository(root))
        return send(response, 400, {
          error: 'the project is not a git repository of its own',
        } satisfies Failure);
      const file = content.readAll().find((f) => f.name === field[0]);
      const committed = file && valueAt(committedValue(file, base(), root), field.slice(1));
      const discarded = await content.save(field, committed, version, tab!, 'discard');
      return answer(
        response,
        route,
        'refused' in discarded ? refusalStatus[discarded.refused] : 200,
        discarded,
      );
    }
    if (route === '/api/save' && typeof version === 'string') {
      const saved = await content.save(field, value, version, tab!);
      return answer(
        response,
        route,
        'refused' in saved ? refusalStatus[saved.refused] : 200,
        saved,
      );
    }
    return send(response, 404, { error: 'no such request' } satisfies Failure);
  };
}
