/**
 * The answer to the regulator's question in words, as `npm run records -- at` prints it: for each
 * target, the record, its interval, the page, the change, each pull request with its editors and
 * its approvals (compliance sign-off and final approval told apart) and their reasons, then what
 * reading each file found.
 */
import type { TargetAnswer } from './question';

/** A time as the answer says it: 2026-03-03 08:00:00 UTC. */
const utc = (time: string) => `${time.slice(0, 10)} ${time.slice(11, 19)} UTC`;

const quoted = (text: string) => `“${text.trim() || '(no reason written)'}”`;

export function describeAnswers(answers: TargetAnswer[], time: string, address: string): string[] {
  if (answers.length === 0) return [`No record of ${address} was live on any target at ${time}.`];
  const lines = [`${address} at ${time}:`];
  for (const { target, record, interval, files } of answers) {
    lines.push(
      '',
      `${target}: ${record.reference}, live from ${utc(interval.from)}${interval.until ? ` until ${utc(interval.until)}` : ', and still live'}`,
      `  Page: ${record.page.title} (${record.page.address}), release ${record.release}, commit ${record.commit}`,
    );
    if (record.previous === null) lines.push('  Change: the page’s first record');
    for (const text of record.change.removed) lines.push(`  Removed: ${quoted(text)}`);
    for (const text of record.change.added) lines.push(`  Added: ${quoted(text)}`);
    for (const field of record.change.content)
      lines.push(`  Content: ${field.words}: was ${field.before}, now ${field.after}`);
    for (const pull of record.pullRequests) {
      lines.push(
        `  Pull request #${pull.number} ${quoted(pull.title)} (${pull.url}), merged${pull.mergedBy ? ` by ${pull.mergedBy}` : ''}${pull.mergedAt ? ` at ${utc(pull.mergedAt)}` : ''}`,
      );
      for (const editor of pull.editors)
        lines.push(
          `    Editor: ${editor.name} <${editor.bankIdentity ?? editor.email}>${editor.bankIdentity ? ' (bank identity from a signed commit)' : ' (commit author; no signed bank identity)'}`,
        );
      for (const approval of pull.approvals) {
        const role = [
          approval.role === 'compliance sign-off' ? 'Compliance sign-off' : 'Approval',
          ...(approval.final ? ['final approval'] : []),
        ].join(', ');
        lines.push(
          `    ${role}: ${approval.login} (${approval.teams.join(', ') || 'in none of the teams'}) at ${utc(approval.at)}: ${quoted(approval.reason)}`,
        );
      }
      if (pull.approvals.length === 0) lines.push('    No approval stood at the merge.');
    }
    const bad = files.filter((file) => file.state !== 'intact');
    if (bad.length === 0)
      lines.push(`  Files: all ${files.length} intact, each checked against its SHA-256`);
    for (const file of bad)
      lines.push(
        file.state === 'altered'
          ? `  ALTERED: ${file.name} (${file.key}): its bytes are not those the record names`
          : `  MISSING: ${file.name} (${file.key}) is not in the store`,
      );
  }
  return lines;
}
