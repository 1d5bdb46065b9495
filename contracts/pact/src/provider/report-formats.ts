/**
 * What `verify:backend` makes of its report besides the table: the interactions a run is limited
 * to (`--only`), the exit code (`--strict`), and a JUnit XML file a CI reads (`--junit`).
 */
import type { BackendReport, InteractionVerdict } from './verify.ts';

/**
 * The report limited to the interactions whose description or path contains `pattern` (any
 * case), its counts recounted: what `--only` reports and judges.
 */
export function onlyMatching(report: BackendReport, pattern: string): BackendReport {
  const wanted = pattern.toLowerCase();
  const interactions = report.interactions.filter(
    (one) =>
      one.description.toLowerCase().includes(wanted) || one.path.toLowerCase().includes(wanted),
  );
  const count = (verdict: InteractionVerdict['verdict']) =>
    interactions.filter((one) => one.verdict === verdict).length;
  return {
    ...report,
    interactions,
    counts: { holds: count('holds'), drifts: count('drifts'), needsState: count('needs-state') },
  };
}

/**
 * 0 when nothing drifts, 1 when something does; with `strict`, 1 too when anything was left
 * unverified (an interaction that needs a state, a socket push that was not replayed).
 */
export function exitCodeOf(report: BackendReport, { strict = false } = {}): number {
  if (report.counts.drifts > 0) return 1;
  if (strict && (report.counts.needsState > 0 || report.pushesNotReplayed > 0)) return 1;
  return 0;
}

const escapeXml = (text: string): string =>
  text
    // characters XML 1.0 cannot hold at all: controls, U+FFFE/U+FFFF and unpaired surrogates
    .replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** When and where the run happened: what the JUnit schema asks of every suite. */
export interface JunitRun {
  /** when the verification started (written in UTC, without a zone, as the schema wants) */
  readonly startedAt: Date;
  /** how long the whole verification took */
  readonly seconds: number;
  /** the machine it ran on ('localhost' when unknown, as the schema says) */
  readonly hostname: string;
}

/**
 * The report as JUnit XML, valid against the Ant/Jenkins schema every CI reads (junit.xsd,
 * checked in junit-schema.test.ts): one test case per interaction, named by its description and
 * classed by its path; a drift is a failure holding every mismatch, an interaction that needs a
 * state is skipped with the reason, and the socket pushes that were not replayed are one
 * skipped case. The verifier does not time interactions one by one: each case's time is 0 and
 * the suite's is the run's.
 */
export function junitReport(report: BackendReport, run: JunitRun): string {
  const cases = report.interactions.map((one) => {
    const attributes = `name="${escapeXml(one.description)}" classname="${escapeXml(one.path)}" time="0"`;
    if (one.verdict === 'holds') return `    <testcase ${attributes}/>`;
    if (one.verdict === 'needs-state') {
      const states = one.states.filter(Boolean).join(' + ');
      const why = `needs state: ${states}${one.reason ? ` (${one.reason})` : ''}`;
      return `    <testcase ${attributes}>\n      <skipped message="${escapeXml(why)}"/>\n    </testcase>`;
    }
    const fields = one.mismatches.map((mismatch) => mismatch.field).join(', ');
    const screens =
      one.screens === undefined ? '' : `; screens: ${one.screens.join(', ') || '(none found)'}`;
    const detail = one.mismatches
      .map((mismatch) => `${mismatch.field}: ${mismatch.differed}`)
      .concat(one.screens === undefined ? [] : [`screens: ${one.screens.join(', ')}`])
      .join('\n');
    return (
      `    <testcase ${attributes}>\n` +
      `      <failure message="${escapeXml(`drifts at ${fields}${screens}`)}" type="drift">` +
      `${escapeXml(detail)}</failure>\n    </testcase>`
    );
  });
  if (report.pushesNotReplayed > 0) {
    cases.push(
      `    <testcase name="socket pushes" classname="socket" time="0">\n` +
        `      <skipped message="${String(report.pushesNotReplayed)} socket pushes are not replayed over HTTP"/>\n` +
        `    </testcase>`,
    );
  }
  const { holds, drifts, needsState } = report.counts;
  const skipped = needsState + (report.pushesNotReplayed > 0 ? 1 : 0);
  const total = holds + drifts + skipped;
  const name = escapeXml(`Pact verification of ${report.backend}`);
  const suite = [
    `name="${name}"`,
    `package="${name}"`,
    'id="0"',
    `timestamp="${run.startedAt.toISOString().slice(0, 19)}"`,
    `hostname="${escapeXml(run.hostname.trim() || 'localhost')}"`,
    `tests="${String(total)}"`,
    `failures="${String(drifts)}"`,
    'errors="0"',
    `skipped="${String(skipped)}"`,
    `time="${(Number.isFinite(run.seconds) && run.seconds > 0 ? run.seconds : 0).toFixed(3)}"`,
  ].join(' ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite ${suite}>`,
    '    <properties>',
    `      <property name="backend" value="${escapeXml(report.backend)}"/>`,
    '    </properties>',
    ...cases,
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
