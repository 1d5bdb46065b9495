import { findOrderFx } from '#entities/contract-history';
import { createDetailById } from '#shared/api/detail';
import { attach } from 'effector';

/** The order of the address (`?id=`), found in the history. */
export const {
  Gate: OrderDetailGate,
  retryClicked,
  $record: $order,
  $status,
} = createDetailById({
  name: 'ContractOrderDetail',
  fetch: attach({ effect: findOrderFx }),
});
