import { createHash } from 'node:crypto';
import { EngineError } from '../errors.ts';
import type { StateStore } from '../state.ts';

/** A value as canonical JSON: object keys sorted, so two equal bodies hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

const hashOf = (operation: string, body: Readonly<Record<string, unknown>>): string => {
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'request_id'));
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(rest)}`)
    .digest('hex');
};

/**
 * Idempotent money calls: each carries a client-made request id, one per user intent. The first
 * call with an id runs and its answer is kept; the same id with the same body (and call) answers
 * that again and moves nothing; the same id with another body is refused ('conflict', envelope
 * 409). A refusal is not kept: the same intent may be tried again once it can succeed.
 */
export class Requests {
  constructor(private readonly ctx: StateStore) {}

  once<T>(
    userId: string,
    operation: string,
    body: Readonly<Record<string, unknown>> & { request_id: string },
    run: () => T,
  ): T {
    const key = `${userId}:${body.request_id}`;
    const hash = hashOf(operation, body);
    const kept = this.ctx.state().requests[key];
    if (kept) {
      if (kept.body_hash !== hash || kept.operation !== operation) {
        throw new EngineError('conflict', 'request_id_reused');
      }
      return structuredClone(kept.result) as T;
    }
    const result = run();
    this.ctx.state().requests[key] = {
      user_id: userId,
      request_id: body.request_id,
      operation,
      body_hash: hash,
      result: structuredClone(result),
      at: this.ctx.now(),
    };
    this.ctx.changed();
    return result;
  }
}
