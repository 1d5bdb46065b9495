import { createErrorBlock } from 'antd-mobile/es/components/error-block';
import { emptyImage } from 'antd-mobile/es/components/error-block/images/empty';
import type { BlockProps } from '../error-blocks.tsx';

// Its one picture only, as `DisconnectedBlock` (antd-mobile's ErrorBlock carries all four).
const Empty = createErrorBlock({ empty: emptyImage });

/** antd-mobile's ErrorBlock in its "empty" state: there is nothing to show. */
export function EmptyBlock(props: BlockProps) {
  return <Empty {...props} status="empty" />;
}
