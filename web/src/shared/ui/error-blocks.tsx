import { createErrorBlock, type ErrorBlockProps } from 'antd-mobile/es/components/error-block';
import { disconnectedImage } from 'antd-mobile/es/components/error-block/images/disconnected';

// antd-mobile's own ErrorBlock carries all four of its pictures (about 6 KB gzipped): the app's
// entry carries this one, for the route error, and nothing else. Another state's block has its
// own module (see `#shared/ui/states`), kept out of the entry.
const Disconnected = createErrorBlock({ disconnected: disconnectedImage });

export type BlockProps = Omit<ErrorBlockProps, 'status' | 'image'>;

/** antd-mobile's ErrorBlock in its "disconnected" state: something could not be loaded. */
export function DisconnectedBlock(props: BlockProps) {
  return <Disconnected {...props} status="disconnected" />;
}
