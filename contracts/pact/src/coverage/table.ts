/**
 * What the contracts cover of what the mock serves: every served call and every push the mock
 * sends, each with the Pact interactions that exercise it. Pure, so it is tested on its own;
 * `run.ts` reads the real handler table, the mock's source and the pact file.
 */
import { FUNC, type Endpoint, type PushFunc } from '@bourse/protocol';
import ts from 'typescript';
import { z } from 'zod';

/** The parts of a V4 pact file the coverage reads. */
const pactFile = z.object({
  interactions: z.array(
    z.looseObject({
      type: z.string(),
      description: z.string(),
      request: z.looseObject({ path: z.string() }).optional(),
      response: z
        .looseObject({ body: z.looseObject({ content: z.unknown() }).optional() })
        .optional(),
      contents: z.looseObject({ content: z.unknown() }).optional(),
    }),
  ),
});
export type PactFile = z.infer<typeof pactFile>;
export const parsePactFile = (json: unknown): PactFile => pactFile.parse(json);

export interface CoverageRow {
  readonly kind: 'call' | 'push';
  /** the call's path, or the push's func */
  readonly name: string;
  /** the interactions that cover it, by description */
  readonly interactions: readonly string[];
  /** the envelope codes those interactions answer with (calls only) */
  readonly codes: readonly number[];
}

export interface Coverage {
  readonly rows: readonly CoverageRow[];
  /** interactions that cover nothing the mock serves (a stale or foreign contract) */
  readonly unmatched: readonly string[];
  /** covered rows over all rows, 0–100 */
  readonly percent: number;
}

const envelopeCode = z.object({ code: z.number() });
const pushFrame = z.object({ msg: z.object({ func: z.string() }) });

/** The func of a message interaction: from its example frame, else named in its description. */
const funcOf = (
  interaction: PactFile['interactions'][number],
  funcs: readonly string[],
): string | undefined => {
  const frame = pushFrame.safeParse(interaction.contents?.content);
  if (frame.success) return frame.data.msg.func;
  return funcs.find((func) => new RegExp(`\\b${func}\\b`).test(interaction.description));
};

export function coverageOf(
  served: readonly Endpoint[],
  pushes: readonly PushFunc[],
  pact: PactFile,
): Coverage {
  const http = pact.interactions.filter((interaction) => interaction.request !== undefined);
  const messages = pact.interactions.filter((interaction) => interaction.contents !== undefined);
  const used = new Set<string>();
  const rows: CoverageRow[] = [
    ...served.map((endpoint): CoverageRow => {
      const matching = http.filter((interaction) => interaction.request?.path === endpoint.path);
      const codes = matching.flatMap((interaction) => {
        const code = envelopeCode.safeParse(interaction.response?.body?.content);
        return code.success ? [code.data.code] : [];
      });
      for (const interaction of matching) used.add(interaction.description);
      return {
        kind: 'call',
        name: endpoint.path,
        interactions: matching.map((interaction) => interaction.description),
        codes: [...new Set(codes)].sort((a, b) => a - b),
      };
    }),
    ...pushes.map((func): CoverageRow => {
      const matching = messages.filter((interaction) => funcOf(interaction, pushes) === func);
      for (const interaction of matching) used.add(interaction.description);
      return {
        kind: 'push',
        name: func,
        interactions: matching.map((interaction) => interaction.description),
        codes: [],
      };
    }),
  ];
  const covered = rows.filter((row) => row.interactions.length > 0).length;
  return {
    rows,
    unmatched: pact.interactions
      .map((interaction) => interaction.description)
      .filter((description) => !used.has(description)),
    percent: rows.length === 0 ? 100 : Math.floor((covered / rows.length) * 1000) / 10,
  };
}

/** A plain-text table, one line per call or push, uncovered ones marked. */
export function formatCoverage(coverage: Coverage): string {
  const width = Math.max(...coverage.rows.map((row) => row.name.length), 4);
  const lines = coverage.rows.map((row) => {
    const mark = row.interactions.length > 0 ? '  ' : '✗ ';
    const codes = row.kind === 'call' ? ` [${row.codes.join(', ')}]` : '';
    return `${mark}${row.kind.padEnd(5)}${row.name.padEnd(width + 2)}${String(row.interactions.length).padStart(2)}${codes}  ${row.interactions.join(' | ')}`;
  });
  const covered = coverage.rows.filter((row) => row.interactions.length > 0).length;
  return [
    ...lines,
    ...coverage.unmatched.map(
      (description) => `? covers nothing the mock serves or sends: ${description}`,
    ),
    `${covered}/${coverage.rows.length} covered (${coverage.percent} %)`,
  ].join('\n');
}

export interface PushSite {
  readonly file: string;
  readonly line: number;
  /** the func sent, or null when the call names it by an expression the scan cannot resolve */
  readonly func: PushFunc | null;
  readonly text: string;
}

const SENDING_METHODS = new Set(['publish', 'pushToUser']);
/** the argument that names the func, by method: publish(topic, func, data), pushToUser(user, func, data) */
const FUNC_ARGUMENT = 1;
const FUNCS = new Set<string>(Object.values(FUNC));

/**
 * The pushes a source file sends: every `….publish(…)` and `….pushToUser(…)` call (the socket
 * gateway's two ways to send), with the func its second argument names: a string literal or
 * `FUNC.x`. Anything else comes back with `func: null`, so that the coverage refuses to guess.
 */
export function pushSitesIn(file: string, source: string): PushSite[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const sites: PushSite[] = [];
  const resolve = (argument: ts.Expression | undefined): PushFunc | null => {
    if (argument && ts.isStringLiteralLike(argument) && FUNCS.has(argument.text)) {
      return argument.text as PushFunc;
    }
    if (
      argument &&
      ts.isPropertyAccessExpression(argument) &&
      argument.expression.getText(tree) === 'FUNC' &&
      argument.name.text in FUNC
    ) {
      return FUNC[argument.name.text as keyof typeof FUNC];
    }
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SENDING_METHODS.has(node.expression.name.text) &&
      node.arguments.length === 3
    ) {
      const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
      sites.push({
        file,
        line: line + 1,
        func: resolve(node.arguments[FUNC_ARGUMENT]),
        text: node.getText(tree).split('\n')[0] ?? '',
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return sites;
}
