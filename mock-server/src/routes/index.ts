import { authHandlers } from './auth.ts';
import { contentHandlers } from './content.ts';
import type { Handlers } from './handlers.ts';
import { marketHandlers } from './market.ts';
import { userHandlers } from './user.ts';

/** Every domain the mock serves. */
export const handlers: Handlers = {
  auth: authHandlers,
  user: userHandlers,
  index: contentHandlers,
  market: marketHandlers,
};
