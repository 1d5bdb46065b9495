import Tag from 'antd-mobile/es/components/tag';
import type { IpoStatus } from '@bourse/protocol';
import { useTranslation } from 'react-i18next';
import { IPO_STATUS_LABEL_KEYS } from '../lib/stages.ts';

const TAG_COLOR = {
  subscribing: 'primary',
  submitted: 'warning',
  pending_listing: 'default',
  listed: 'success',
} as const satisfies Record<IpoStatus, string>;

/** The stage's name on a tag coloured by stage. */
export function IpoStatusTag({ status }: { status: IpoStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={TAG_COLOR[status]} fill="outline">
      {t(IPO_STATUS_LABEL_KEYS[status])}
    </Tag>
  );
}
