/**
 * The W3C Nu HTML checker (vnu-jar, on Java), as the validity and photographs specs run it on built
 * pages.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** The checker's jar, from the project's own install. */
const JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

/** A message of the checker's report: what it found, in which file, and the text around it. */
export type CheckerMessage = { url: string; message: string; extract?: string };

/** The errors the checker finds in these HTML files, in its JSON report's words. */
export async function htmlErrors(files: string[]): Promise<CheckerMessage[]> {
  // For a run of a second or two, Java's first compiler alone (C1) and one collector thread take
  // half the processor time of the defaults, whose optimising compiler works on code the run barely
  // uses. C1's frames are larger, and the checker's schema recurses deeply: it overflows Java's 1 MB
  // stack then, so it gets 4 MB. vnu exits 1 when it reports errors; its report is what matters, so
  // read it either way.
  const { stderr } = await promisify(execFile)('java', [
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-Xss4m',
    '-jar',
    JAR,
    '--errors-only',
    '--format',
    'json',
    ...files,
  ]).catch((error: { stderr?: string; code?: string | number }) => {
    if (error.code === 'ENOENT')
      throw new Error('Java is needed for the HTML checker: apt-get install default-jre-headless');
    return { stderr: error.stderr ?? '' };
  });
  return (JSON.parse(stderr) as { messages: CheckerMessage[] }).messages;
}
