import { createApiEffect } from '#shared/api';
import { createDetailById } from '#shared/api/detail';
import { $language } from '#shared/i18n';
import { configKey, endpoints, type ConfigKey, type ResponseOf } from '@bourse/protocol';
import { attach } from 'effector';

export type ConfigPage = ResponseOf<typeof endpoints.index.getConfigDetail>;

const keyOf = (key: string): ConfigKey | null => {
  const parsed = configKey.safeParse(key);
  return parsed.success ? parsed.data : null;
};

/**
 * The policy or information page of the address's `key` (one of four; any other is not found
 * without a call). Policies link to each other, so only the answer for the page still on
 * screen counts; another language reads it again, and a failed refresh keeps the text.
 */
export const {
  Gate: ConfigPageGate,
  $key: $routeKey,
  retryClicked,
  $record: $page,
  $status,
} = createDetailById({
  name: 'ConfigPageGate',
  keyOf,
  fetch: attach({
    // The screen has its own skeleton: no overlay over it.
    effect: createApiEffect(endpoints.index.getConfigDetail, { loading: false }),
    mapParams: (key: ConfigKey) => ({ key }),
  }),
  reloadOn: [$language.updates],
});
