import type { IdentityStatus } from '@bourse/protocol';
import { ReviewBadge, type ReviewStage } from '#shared/ui/review-badge';
import { useTranslation } from 'react-i18next';

const STAGE = {
  unverified: 'ended',
  pending: 'waiting',
  verified: 'done',
  rejected: 'refused',
} as const satisfies Record<IdentityStatus, ReviewStage>;

/** Where the user's identity check stands (SPEC.md §4). */
export function IdentityTag({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  return <ReviewBadge stage={STAGE[status]}>{t(`viewer.identity.${status}`)}</ReviewBadge>;
}
