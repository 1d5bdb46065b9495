import { $loadingVisible, serverFailed, transportFailed } from '#shared/api';
import { $i18n } from '#shared/i18n';
import { $isLoggedIn, $token, $uuid } from '#shared/session';
import { socketConfigChanged, socketStarted, socketStopped } from '#shared/socket';
import { showToastFx } from '#shared/ui/toast';
import { combine, createEvent, createStore, sample } from 'effector';
import { delay } from 'patronum';

/** SPEC.md §9: the loading overlay is force-hidden after 6 s. */
export const OVERLAY_MAX_MS = 6_000;

// 500: the server's message, already in the app language.
sample({ clock: serverFailed, filter: (msg) => msg.trim() !== '', target: showToastFx });

// Transport failure: "Server error, please try again later", in the app language.
sample({
  clock: transportFailed,
  source: $i18n,
  fn: (i18n) => i18n?.t('errors.server') ?? 'Server error, please try again later',
  target: showToastFx,
});

// Each showing is numbered, so the timer of an earlier showing cannot cut a later one short.
const $showing = createStore(0);
const overlayShown = createEvent<number>();
const overlayTimedOut = createEvent<number>();
sample({
  clock: $loadingVisible,
  source: $showing,
  filter: (_, visible) => visible,
  fn: (showing) => showing + 1,
  target: [$showing, overlayShown],
});
delay({ source: overlayShown, timeout: OVERLAY_MAX_MS, target: overlayTimedOut });
const overlayExpired = createEvent();
sample({
  clock: overlayTimedOut,
  source: $showing,
  filter: (showing, expired) => showing === expired,
  target: overlayExpired,
});

const $overlayForcedHidden = createStore(false)
  .on(overlayExpired, () => true)
  .on($loadingVisible, (hidden, visible) => (visible ? hidden : false));

/** The loading overlay: shown while a loading call runs, never for more than 6 s at a time. */
export const $overlayVisible = combine(
  $loadingVisible,
  $overlayForcedHidden,
  (visible, forcedHidden) => visible && !forcedHidden,
);

/** The live feed's absolute URL, from the runtime configuration. */
export const socketConfigured = createEvent<string>();
export const $socketUrl = createStore('').on(socketConfigured, (_, url) => url);

// The live feed opens only while logged in (SPEC.md §4), signed with the current session.
sample({
  clock: combine({ url: $socketUrl, uuid: $uuid, token: $token }),
  filter: ({ url }) => url !== '',
  target: socketConfigChanged,
});
// It starts once both are known: a session restored from storage must not dial an empty URL.
sample({
  clock: [$isLoggedIn, $socketUrl],
  source: { loggedIn: $isLoggedIn, url: $socketUrl },
  filter: ({ loggedIn, url }) => loggedIn && url !== '',
  fn: () => undefined,
  target: socketStarted,
});
sample({
  clock: $isLoggedIn,
  filter: (loggedIn) => !loggedIn,
  fn: () => undefined,
  target: socketStopped,
});
