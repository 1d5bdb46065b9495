import { endpoints, type ResponseOf } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createEvent, createStore, sample } from 'effector';

/** A sheet needs a symbol's contract terms: asked again on each opening (the balance moves). */
export const contractInfoWanted = createEvent<string>();

const fetchContractInfoFx = createApiEffect(endpoints.contract.getContractInfo);

/** Each symbol's terms as last read, by symbol id. */
export const $contractInfo = createStore<
  Readonly<Record<string, ResponseOf<typeof endpoints.contract.getContractInfo>>>
>({}).on(fetchContractInfoFx.doneData, (all, info) => ({ ...all, [info.symbol_id]: info }));

sample({
  clock: contractInfoWanted,
  fn: (symbolId) => ({ symbol_id: symbolId }),
  target: fetchContractInfoFx,
});
