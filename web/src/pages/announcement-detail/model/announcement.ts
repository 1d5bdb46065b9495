import { createApiEffect } from '#shared/api';
import { createDetailById } from '#shared/api/detail';
import { $language } from '#shared/i18n';
import { endpoints, type ResponseOf } from '@bourse/protocol';
import { attach } from 'effector';

export type Announcement = ResponseOf<typeof endpoints.index.noticeDetail>;

/**
 * The announcement of the screen's address (links can move between announcements), read again
 * in another language.
 */
export const {
  Gate: AnnouncementGate,
  retryClicked,
  $record: $announcement,
  $status,
} = createDetailById({
  name: 'AnnouncementGate',
  fetch: attach({
    // The screen has its own skeleton: no overlay over it.
    effect: createApiEffect(endpoints.index.noticeDetail, { loading: false }),
    mapParams: (id: string) => ({ id }),
  }),
  reloadOn: [$language.updates],
});
