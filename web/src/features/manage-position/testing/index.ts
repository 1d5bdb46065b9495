import { endpoints, EXAMPLE_POSITION, type Position } from '@bourse/protocol';
import { $apiClient } from '#shared/api';
import { fakeClient, type Reply } from '#shared/api/testing';
import { $language } from '#shared/i18n';
import { showToastFx } from '#shared/ui/toast';
import { createWatch, fork, type Scope, type Unit } from 'effector';
import { ordersChanged, positionChanged, positionClosed } from '../model/events.ts';

/** The protocol's example position (long 0.1 BTC at 97 000, 20×, margin 535, mark 97 250.50). */
export const POSITION: Position = { ...EXAMPLE_POSITION };

/** getContractInfo's example: taker 0.06 %, maintenance 0.5 %, stop-loss distance 0.5 %. */
export const CONTRACT_INFO = endpoints.contract.getContractInfo.example.response;

/** What a unit fired in a scope, in order. */
function record<T>(unit: Unit<T>, scope: Scope): T[] {
  const seen: T[] = [];
  createWatch({ unit, scope, fn: (value) => void seen.push(value) });
  return seen;
}

/**
 * A scope against a fake server (getContractInfo answers the example unless told otherwise),
 * with the toasts and the three public events recorded.
 */
export function setup(
  replies: Partial<Record<string, Reply>> = {},
  { language = 'en' }: { language?: 'en' | 'de' | 'fr' } = {},
) {
  const api = fakeClient({
    [endpoints.contract.getContractInfo.path]: () => CONTRACT_INFO,
    ...replies,
  });
  const toasts: string[] = [];
  const scope = fork({
    values: [
      [$apiClient, api.client],
      [$language, language],
    ],
    handlers: [[showToastFx, (text: string) => void toasts.push(text)]],
  });
  return {
    scope,
    api,
    toasts,
    changed: record(positionChanged, scope),
    closed: record(positionClosed, scope),
    ordersChanged: record(ordersChanged, scope),
    /** the request ids sent to one endpoint, in order */
    idsSentTo: (endpoint: { path: string }) =>
      api.sent
        .filter((call) => call.path === endpoint.path)
        .map((call) => (call.body as { request_id: string }).request_id),
  };
}

/** A reply the test lets through later: `release()` answers, `fail()` rejects. */
export function heldReply(answer: (body: unknown) => unknown) {
  const waiting: { body: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] =
    [];
  const reply: Reply = (body) =>
    new Promise((resolve, reject) => {
      waiting.push({ body, resolve, reject });
    });
  return {
    reply,
    release: () => {
      const next = waiting.shift();
      next?.resolve(answer(next.body));
    },
    fail: (error: unknown) => waiting.shift()?.reject(error),
    get waiting() {
      return waiting.length;
    },
  };
}

/** Lets the calls started so far reach the fake server. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
