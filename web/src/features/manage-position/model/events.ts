import type { Position } from '@bourse/protocol';
import { createEvent } from 'effector';

/** A position changed by one of these actions (the reply's position: TP/SL, margin, a part closed). */
export const positionChanged = createEvent<Position>();
/** A position closed in full by one of these actions: its id. */
export const positionClosed = createEvent<string>();
/** A close placed orders (the closing orders, cancelled reduce-only ones): the order lists are stale. */
export const ordersChanged = createEvent();
