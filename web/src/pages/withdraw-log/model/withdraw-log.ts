import { endpoints, type WithdrawalRecord } from '@bourse/protocol';
import { fundsDecided } from '#entities/balance';
import { createApiEffect } from '#shared/api';
import { createPagedList, type PageRequest } from '#shared/api/list';
import { attach, sample } from 'effector';

export type { WithdrawalRecord };

/** The withdrawal records, newest first. */
export const withdrawals = createPagedList({
  name: 'WithdrawLogGate',
  fetchPage: attach({
    effect: createApiEffect(endpoints.account.cashlog),
    mapParams: (request: PageRequest) => request,
  }),
  pageSize: 20,
});

// A review decided one: the list shows its new status.
sample({
  clock: fundsDecided,
  source: withdrawals.Gate.status,
  filter: (open, decided) => open && decided.kind === 'withdrawal',
  fn: () => undefined,
  target: withdrawals.refreshFx,
});
