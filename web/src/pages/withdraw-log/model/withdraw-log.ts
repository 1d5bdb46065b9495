import { endpoints, type WithdrawalRecord } from '@bourse/protocol';
import { createApiEffect } from '#shared/api';
import { createPagedList, type PageRequest } from '#shared/api/list';
import { attach } from 'effector';

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
