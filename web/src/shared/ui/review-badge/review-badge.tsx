import Tag from 'antd-mobile/es/components/tag';

/**
 * Where a reviewed request stands, one colour per stage whatever is reviewed (a deposit, a
 * withdrawal, an identity): waiting for the back office, on its way, done, refused, or ended
 * without a decision.
 */
export type ReviewStage = 'waiting' | 'underway' | 'done' | 'refused' | 'ended';

const COLOUR = {
  waiting: 'warning',
  underway: 'primary',
  done: 'success',
  refused: 'danger',
  ended: 'default',
} as const satisfies Record<ReviewStage, string>;

/** A review state's name on a tag of its stage's colour. */
export function ReviewBadge({ stage, children }: { stage: ReviewStage; children: string }) {
  return (
    <Tag color={COLOUR[stage]} fill="outline" round>
      {children}
    </Tag>
  );
}
