import type { IdentityStatus } from '@bourse/protocol';
import Tag from 'antd-mobile/es/components/tag';
import type { TagProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLOUR: Readonly<Record<IdentityStatus, TagProps['color']>> = {
  unverified: 'default',
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

/** Where the user's identity check stands (SPEC.md §4). */
export function IdentityTag({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[status]} fill="outline" round>
      {t(`viewer.identity.${status}`)}
    </Tag>
  );
}
