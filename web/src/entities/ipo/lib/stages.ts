import { PATHS } from '#shared/routing';
import { IPO_STATUSES, type IpoOffering, type IpoStatus } from '@bourse/protocol';

export type { IpoOffering, IpoStatus };

/** The four stages in the order an offering goes through them (and the IPO screen's tabs). */
export const IPO_STAGE_ORDER: readonly IpoStatus[] = IPO_STATUSES;

/** The translation key of each stage's name, as SPEC.md names them. */
export const IPO_STATUS_LABEL_KEYS = {
  subscribing: 'ipo.status.subscribing',
  submitted: 'ipo.status.submitted',
  pending_listing: 'ipo.status.pending_listing',
  listed: 'ipo.status.listed',
} as const satisfies Record<IpoStatus, string>;

/** One stage of an offering and the time (ms) it begins. */
export interface IpoStage {
  readonly status: IpoStatus;
  readonly at: number;
}

/** The offering's four stages with the time each begins, in order. */
export function ipoStages(offering: IpoOffering): readonly IpoStage[] {
  return [
    { status: 'subscribing', at: offering.subscription_start },
    { status: 'submitted', at: offering.subscription_end },
    { status: 'pending_listing', at: offering.allotment_time },
    { status: 'listed', at: offering.listing_time },
  ];
}

/** The stage after the offering's current one, or null once it is listed. */
export function nextIpoStage(offering: IpoOffering): IpoStage | null {
  const stages = ipoStages(offering);
  const current = stages.findIndex((stage) => stage.status === offering.status);
  return stages[current + 1] ?? null;
}

/** Whether a stage is behind, at or ahead of the offering's current one. */
export function stageProgress(
  offering: IpoOffering,
  status: IpoStatus,
): 'done' | 'current' | 'ahead' {
  const order = IPO_STAGE_ORDER.indexOf(status) - IPO_STAGE_ORDER.indexOf(offering.status);
  if (order < 0) return 'done';
  return order === 0 ? 'current' : 'ahead';
}

/** The detail view's address: the IPO screen with the offering's id in its query. */
export const ipoDetailHref = (id: string): string => `${PATHS.ipo}?id=${encodeURIComponent(id)}`;

/** The IPO page's query key for the stage tab in view. */
export const IPO_TAB_QUERY = 'tab';

/** The IPO page opened on one stage's tab. */
export const ipoListHref = (status: IpoStatus): string => `${PATHS.ipo}?${IPO_TAB_QUERY}=${status}`;
