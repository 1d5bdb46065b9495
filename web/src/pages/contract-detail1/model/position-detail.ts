import { findPositionFx } from '#entities/contract-history';
import { createDetailById } from '#shared/api/detail';
import { attach } from 'effector';

/** The position of the address (`?id=`), summed up from its orders in the history. */
export const {
  Gate: PositionDetailGate,
  retryClicked,
  $record: $position,
  $status,
} = createDetailById({
  name: 'ContractPositionDetail',
  fetch: attach({ effect: findPositionFx }),
});
