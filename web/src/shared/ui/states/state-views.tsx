import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisconnectedBlock } from '../error-blocks.tsx';
import { EmptyBlock } from './empty-block.tsx';
import styles from './state-views.module.css';

/**
 * Skeletons standing in for content that is loading, announced once as "Loading". The
 * skeletons themselves are the screen's own: they draw the shape of what is coming.
 */
export function LoadingSkeleton({
  className,
  children,
}: {
  className?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={className}>
      {children}
    </div>
  );
}

/**
 * Content that could not be loaded: what went wrong, and a button to try again. Without
 * `className` it stands alone on the screen, a little below the header.
 */
export function LoadError({
  title,
  hint,
  onRetry,
  className,
  compact = false,
}: {
  title: string;
  hint: string;
  onRetry: () => void;
  className?: string;
  /** a small button, for a section of a screen */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={className ?? styles.state} role="alert">
      <DisconnectedBlock title={title} description={hint}>
        <Button
          color="primary"
          {...(compact ? { size: 'small' as const } : {})}
          onClick={() => {
            onRetry();
          }}
        >
          {t('common.retry')}
        </Button>
      </DisconnectedBlock>
    </div>
  );
}

export interface StateAction {
  label: string;
  onClick: () => void;
  /** an outlined button: a way on, not the expected next step */
  outline?: boolean;
}

/**
 * Nothing to show (an empty list, no such item): what that means, and what to do next.
 * Without `className` it stands alone on the screen, a little below the header.
 */
export function EmptyState({
  title,
  hint,
  action,
  className,
  emptyList = false,
}: {
  title: string;
  hint: string;
  action?: StateAction;
  className?: string;
  /**
   * a list with nothing in it yet (records), not an item that is missing: marked so that the
   * every-route check tells the two apart
   */
  emptyList?: boolean;
}) {
  return (
    <div className={className ?? styles.state} {...(emptyList ? { 'data-empty-list': '' } : {})}>
      <EmptyBlock title={title} description={hint}>
        {action ? (
          <Button
            color="primary"
            {...(action.outline ? { fill: 'outline' as const } : {})}
            onClick={() => {
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        ) : null}
      </EmptyBlock>
    </div>
  );
}
