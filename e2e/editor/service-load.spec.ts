import { expect, test } from '@playwright/test';
import { startService } from '../support/editing-service';
import { loadEditingService } from '../support/editing-service-load';

/**
 * The editing service with 20 editors saving at once (issue #40), the short run of the benchmark
 * (tools/editing-service-load.ts): each in a change of their own, on the service's Unix socket with
 * the web server's headers, a few saves each. Every save is accepted, the workspaces hold each
 * editor's last value of each field and no other editor's, and the audit log holds each save once,
 * as sent. Speed is the benchmark's to measure (docs/performance.md): here only what is kept counts.
 */

/** The address the service answers for; nothing listens there, as requests go to the socket. */
const ORIGIN = 'https://editing.bank.example';

test('20 editors saving, then proposing, at once lose no save, have every proposal taken, and write nothing into another’s workspace', async () => {
  // The service reads the schema's help at start, then each change's content files on every save,
  // all in one process: a few seconds of two busy cores before the first save, a few after; then
  // 23 proposals, each a fetch, a commit and a push.
  test.setTimeout(240_000);
  const service = await startService(ORIGIN);
  try {
    const result = await loadEditingService(service, ORIGIN, {
      editors: 20,
      savesEach: 3,
      seconds: 30,
      propose: true,
    });
    // Three saves each, and the saves before the proposals: one editor's before each of their
    // three proposals alone, and every editor's before all propose at once.
    expect(result.accepted).toBe(20 * 3 + 3 + 20);
    expect(result.proposals!.refused).toEqual([]);
    for (const { check, failures } of result.checks) expect(failures, check).toEqual([]);
  } finally {
    await service.stop();
  }
});
