import { createApiEffect, isCodeError } from '#shared/api';
import { $language } from '#shared/i18n';
import { CODES, endpoints, idString, type IpoOffering } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';

/** The detail view with the `id` of its address (null when the address has none). */
export const IpoDetailGate = createGate<{ id: string | null }>({
  name: 'IpoDetailGate',
  defaultState: { id: null },
});

/** The error state's button. */
export const retryClicked = createEvent();
/** The countdown to the next stage ran out: the offering has moved on, read it again. */
export const stageDue = createEvent();

// The view has its own loader: no overlay over it.
const fetchOfferingFx = createApiEffect(endpoints.market.getIpoDetail, { loading: false });

/** The id asked for: null while the view is closed, '' when the address has no usable id. */
const $routeId = combine(IpoDetailGate.status, IpoDetailGate.state, (open, { id }) => {
  if (!open || id === null) return null;
  return idString.safeParse(id).success ? id : '';
});

export type DetailStatus = 'loading' | 'ready' | 'notFound' | 'error';

export const $offering = createStore<IpoOffering | null>(null);
export const $status = createStore<DetailStatus>('loading');

const isId = (id: string | null): id is string => id !== null && id !== '';

const idOpened = sample({ clock: $routeId, filter: isId });
const missingIdOpened = sample({ clock: $routeId, filter: (id) => id === '' });
const closed = sample({ clock: $routeId, filter: (id) => id === null });
const reread = sample({
  clock: [retryClicked, stageDue, $language.updates],
  source: $routeId,
  filter: isId,
});

sample({ clock: [idOpened, reread], fn: (id) => ({ id }), target: fetchOfferingFx });

// Only the answer for the id still on screen counts.
const answered = sample({
  clock: fetchOfferingFx.done,
  source: $routeId,
  filter: (id, { params }) => id === params.id,
  fn: (_, { result }) => result,
});
const failed = sample({
  clock: fetchOfferingFx.fail,
  source: $routeId,
  filter: (id, { params }) => id === params.id,
  fn: (_, { error }) => error,
});

$offering
  .on(answered, (_, offering) => offering)
  .on(idOpened, () => null)
  .reset(missingIdOpened, closed);

$status
  .on(idOpened, () => 'loading')
  .on(retryClicked, (status) => (status === 'error' ? 'loading' : status))
  .on(answered, () => 'ready')
  .on(failed, (status, error) => {
    // 404: no offering by that id; 400: the server refused the id itself.
    if (isCodeError(error, CODES.notFound) || isCodeError(error, CODES.badRequest)) {
      return 'notFound';
    }
    // A failed re-read (another language, the next stage) keeps the offering on screen.
    return status === 'ready' ? 'ready' : 'error';
  })
  .on(missingIdOpened, () => 'notFound')
  .reset(closed);
