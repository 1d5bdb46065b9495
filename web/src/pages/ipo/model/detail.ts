import { createApiEffect } from '#shared/api';
import { createDetailById } from '#shared/api/detail';
import { $language } from '#shared/i18n';
import { endpoints } from '@bourse/protocol';
import { attach, createEvent } from 'effector';

/** The countdown to the next stage ran out: the offering has moved on, read it again. */
export const stageDue = createEvent();

/** One offering, by the `id` of the view's address; read again in another language or stage. */
export const {
  Gate: IpoDetailGate,
  retryClicked,
  $record: $offering,
  $status,
} = createDetailById({
  name: 'IpoDetailGate',
  fetch: attach({
    // The view has its own loader: no overlay over it.
    effect: createApiEffect(endpoints.market.getIpoDetail, { loading: false }),
    mapParams: (id: string) => ({ id }),
  }),
  reloadOn: [stageDue, $language.updates],
});
