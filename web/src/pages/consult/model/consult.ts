import { createApiEffect } from '#shared/api';
import { $language } from '#shared/i18n';
import { $isLoggedIn } from '#shared/session';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { linkTargetOf } from './links.ts';

export type SupportChannel = ResponseOf<typeof endpoints.index.getCustomer>['list'][number];
export type SupportAgent = ResponseOf<typeof endpoints.user.getCustomerList>['list'][number];
export type HelpEntry = ResponseOf<typeof endpoints.index.getCustomerList>['list'][number];

/** How many common questions the screen shows before "see all". */
export const FAQ_TEASER_SIZE = 3;

/** The support screen is on screen. */
export const ConsultGate = createGate<Record<string, never>>('ConsultGate');

export const channelsRetryClicked = createEvent();
export const agentsRetryClicked = createEvent();

const fetchChannelsFx = createApiEffect(endpoints.index.getCustomer);
const fetchAgentsFx = createApiEffect(endpoints.user.getCustomerList);
const fetchFaqFx = createApiEffect(endpoints.index.getCustomerList);

export const $channels = createStore<readonly SupportChannel[] | null>(null);
const $channelsFailed = createStore(false);
/** The signed-in user's own agents; null until they arrive (and for a guest). */
export const $agents = createStore<readonly SupportAgent[] | null>(null);
const $agentsFailed = createStore(false);
/** The first common questions; null until they arrive or when they could not be had. */
export const $faq = createStore<readonly HelpEntry[] | null>(null);
const $faqFailed = createStore(false);

// Channels and questions change rarely: loaded once. Agents go on and off line: asked again
// each time the screen opens, and only with a session.
sample({
  clock: [ConsultGate.open, channelsRetryClicked],
  source: { channels: $channels, pending: fetchChannelsFx.pending },
  filter: ({ channels, pending }) => channels === null && !pending,
  fn: () => ({}),
  target: fetchChannelsFx,
});
sample({
  clock: ConsultGate.open,
  source: { faq: $faq, pending: fetchFaqFx.pending },
  filter: ({ faq, pending }) => faq === null && !pending,
  fn: () => ({}),
  target: fetchFaqFx,
});
const signedIn = sample({ clock: $isLoggedIn.updates, filter: (loggedIn) => loggedIn });
sample({
  clock: [ConsultGate.open, agentsRetryClicked, signedIn],
  source: { loggedIn: $isLoggedIn, open: ConsultGate.status, pending: fetchAgentsFx.pending },
  filter: ({ loggedIn, open, pending }) => loggedIn && open && !pending,
  fn: () => ({}),
  target: fetchAgentsFx,
});

/**
 * Only what opens something is offered. The protocol has no in-app conversation, so a channel or
 * agent whose link is this very screen (the backend's "online" desk) or that leads nowhere the app
 * can follow would be a dead control: it is left out, and the other channels remain.
 */
const reachable = (item: { readonly link: string }): boolean => {
  const kind = linkTargetOf(item.link).kind;
  return kind !== 'desk' && kind !== 'none';
};

$channels.on(fetchChannelsFx.doneData, (_, reply) => reply.list.filter(reachable));
$channelsFailed.on(fetchChannelsFx, () => false).on(fetchChannelsFx.fail, () => true);
$agents.on(fetchAgentsFx.doneData, (_, reply) => reply.list.filter(reachable));
$agentsFailed.on(fetchAgentsFx, () => false).on(fetchAgentsFx.fail, () => true);
$faq.on(fetchFaqFx.doneData, (_, reply) => reply.list.slice(0, FAQ_TEASER_SIZE));
$faqFailed.on(fetchFaqFx, () => false).on(fetchFaqFx.fail, () => true);

// Signed out: another user's agents must not stay on screen.
const signedOut = sample({ clock: $isLoggedIn.updates, filter: (loggedIn) => !loggedIn });
$agents.reset(signedOut);
$agentsFailed.reset(signedOut);

// Names, hours and questions come in the app language: another language loads them again.
$channels.reset($language.updates);
$faq.reset($language.updates);
sample({
  clock: $language.updates,
  filter: ConsultGate.status,
  fn: () => ({}),
  target: [fetchChannelsFx, fetchFaqFx],
});

export type SectionView = 'loading' | 'error' | 'empty' | 'ready';

export const $channelsView = combine(
  $channels,
  $channelsFailed,
  fetchChannelsFx.pending,
  (channels, failed, pending): SectionView => {
    if (channels === null) return failed && !pending ? 'error' : 'loading';
    return channels.length === 0 ? 'empty' : 'ready';
  },
);

/** 'guest' invites to sign in; the others are those of a list. */
export const $agentsView = combine(
  $isLoggedIn,
  $agents,
  $agentsFailed,
  fetchAgentsFx.pending,
  (loggedIn, agents, failed, pending): SectionView | 'guest' => {
    if (!loggedIn) return 'guest';
    if (agents === null) return failed && !pending ? 'error' : 'loading';
    return agents.length === 0 ? 'empty' : 'ready';
  },
);

/** The common questions: loading, shown, or left out (the link to the help centre stays). */
export const $faqView = combine(
  $faq,
  $faqFailed,
  fetchFaqFx.pending,
  (faq, failed, pending): 'loading' | 'ready' | 'none' => {
    if (faq !== null) return faq.length === 0 ? 'none' : 'ready';
    return failed && !pending ? 'none' : 'loading';
  },
);
