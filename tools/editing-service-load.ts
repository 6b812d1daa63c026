/**
 * The editing service's part of `npm run bench`: 20 editors saving at once for a minute (issue #40).
 * It starts `npm run edit:service` on a Unix socket with a bare git repository as its remote, as the
 * tests do, and sends the web server's requests straight to the socket (no nginx, whose cost the
 * load bench measures), each editor in a change of their own (e2e/support/editing-service-load.ts).
 * It prints the saves accepted and refused, saves per second and the saves' latency, then the time
 * of a proposal and of a list of changes, of one editor alone and of all at once, with their ratio,
 * and the checks on what the editors left: none refused, none lost, each in the audit log once, none written into
 * another's workspace. A check that fails stops the bench. Run alone with
 * `npx tsx tools/editing-service-load.ts`; EDITORS (20) and LOAD_SECONDS (60) change the load.
 * LOAD_SECONDS rather than SECONDS: bash's SECONDS counts the shell's own time.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadEditingService, percentiles } from '../e2e/support/editing-service-load';
import { startService } from '../e2e/support/editing-service';

/** The address the service answers for; nothing listens there, as requests go to the socket. */
const ORIGIN = 'https://editing.bank.example';

/** The most that many editors' proposal may take, as a ratio to one editor's (issue #51). */
const PROPOSAL_RATIO_GOAL = 2;

/**
 * Runs the load once.
 * @returns Its section of docs/performance.md, and whether every check passed.
 */
export async function editingServiceLoad(): Promise<{ report: string; passed: boolean }> {
  const editors = Number(process.env.EDITORS ?? 20);
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const load = loadavg()[0]!.toFixed(1);
  const service = await startService(ORIGIN);
  let result;
  try {
    result = await loadEditingService(service, ORIGIN, { editors, seconds, propose: true });
  } finally {
    await service.stop();
  }
  const { median, p95 } = percentiles(result.latencies);
  const refused = Object.entries(result.refused).map(([status, count]) => `${count} × ${status}`);
  const checks = result.checks.map(({ check, failures }) =>
    failures.length === 0
      ? `- ${check}: yes`
      : `- ${check}: **no**, ${failures.length}: ${failures.slice(0, 5).join('; ')}`,
  );
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${load} at the start`;
  const { proposals, lists } = result;
  const alone = percentiles(proposals!.alone).median;
  const together = percentiles(proposals!.together);
  const listAlone = percentiles(lists!.alone).median;
  const listTogether = percentiles(lists!.together);
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const report = `## Editing service under load

${editors} editors saving at once in \`npm run edit:service\`, each in a change of their own, for
${seconds} s, on the service's Unix socket with the web server's headers (no nginx), each save
waiting for the one before it (\`npx tsx tools/editing-service-load.ts\`; ${machine}).

| editors | seconds | saves accepted | refused | saves/s | median ms | p95 ms |
| --- | --- | --- | --- | --- | --- | --- |
| ${editors} | ${result.seconds.toFixed(1)} | ${result.accepted} | ${refused.join(', ') || 0} | ${(result.accepted / result.seconds).toFixed(1)} | ${median} | ${p95} |

Then, in the same run, proposals and lists of changes (each a median in ms; the ratio is the ${editors}
editors' median over one editor's): one editor proposes alone ${proposals!.alone.length} times, a save before each,
then all ${editors} save once more and propose at once; one editor lists their changes alone ${lists!.alone.length} times,
then all ${editors} list theirs at once. A proposal fetches main (proposals asked for while a fetch
runs share it), brings the change up to date, writes and signs its commit in the service (no
process of git's or ssh-keygen's) and pushes it to the remote, a bare repository on the same disk
(the proposals that shared a fetch go in one push, the first to push waiting for the others'
commits).

| what | one editor alone | ${editors} at once (median) | p95 | ratio |
| --- | --- | --- | --- | --- |
| proposal | ${Math.round(alone)} | ${together.median} | ${together.p95} | **${ratio(together.median, alone)}×** |
| list of changes | ${Math.round(listAlone)} | ${listTogether.median} | ${listTogether.p95} | ${ratio(listTogether.median, listAlone)}× |

Issue #51's goal, ${editors} editors' proposal at most ${PROPOSAL_RATIO_GOAL}× one editor's: ${together.median / alone <= PROPOSAL_RATIO_GOAL ? 'met' : '**not met**'} in this run.

${proposals!.refused.length === 0 ? '- every proposal and list answered: yes' : `- every proposal and list answered: **no**: ${proposals!.refused.slice(0, 5).join('; ')}`}
${checks.join('\n')}
`;
  return {
    report,
    passed:
      result.checks.every(({ failures }) => failures.length === 0) &&
      proposals!.refused.length === 0,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { report, passed } = await editingServiceLoad();
  console.log(report);
  if (!passed) process.exitCode = 1;
}
