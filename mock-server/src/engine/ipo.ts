import { HOUR_MS, IPO_OFFERINGS, type IpoFixture } from '@bourse/fixtures';
import type { IpoOffering, IpoStatus, Language } from '@bourse/protocol';
import Decimal from 'decimal.js';
import { EngineError } from './errors.ts';
import type { IpoTimeline, StateStore } from './state.ts';

export interface IpoQuery {
  status?: IpoStatus | undefined;
  page: number;
  limit: number;
}

/** Every offering's timeline fixed against `at`, the moment a scenario loads. */
export function scheduleIpos(at: number): Record<string, IpoTimeline> {
  return Object.fromEntries(
    IPO_OFFERINGS.map((offering) => [offering.id, scheduleOne(offering, at)]),
  );
}

function scheduleOne(offering: IpoFixture, at: number): IpoTimeline {
  const time = (hours: number) => Math.round(at + hours * HOUR_MS);
  return {
    subscription_start: time(offering.timeline.subscription_start),
    subscription_end: time(offering.timeline.subscription_end),
    allotment_time: time(offering.timeline.allotment),
    listing_time: time(offering.timeline.listing),
  };
}

/** The stage of an offering at `now`: each stage starts at its own time and lasts until the next. */
export function ipoStatusAt(timeline: IpoTimeline, now: number): IpoStatus {
  if (now >= timeline.listing_time) return 'listed';
  if (now >= timeline.allotment_time) return 'pending_listing';
  if (now >= timeline.subscription_end) return 'submitted';
  return 'subscribing';
}

const STATUS_RANK: Readonly<Record<IpoStatus, number>> = {
  subscribing: 0,
  submitted: 1,
  pending_listing: 2,
  listed: 3,
};

/** Within a stage: the next deadline soonest first; listed ones the newest listing first. */
function byStage(a: IpoOffering, b: IpoOffering): number {
  const rank = STATUS_RANK[a.status] - STATUS_RANK[b.status];
  if (rank !== 0) return rank;
  const key = (offering: IpoOffering): number => {
    switch (offering.status) {
      case 'subscribing':
        return offering.subscription_end;
      case 'submitted':
        return offering.allotment_time;
      case 'pending_listing':
        return offering.listing_time;
      case 'listed':
        return -offering.listing_time;
    }
  };
  return key(a) - key(b) || Number(a.id) - Number(b.id);
}

/**
 * IPO offerings (fixtures) moving through their stages on the exchange's clock. Their times are
 * fixed in the state when a scenario loads, so a snapshot keeps them; the stage and what it
 * reveals (the subscription multiple once the book closed, the listing price once listed) are
 * worked out at each call.
 */
export class Ipo {
  constructor(private readonly deps: StateStore) {}

  list(language: Language, query: IpoQuery) {
    const now = this.deps.now();
    const all = IPO_OFFERINGS.map((offering) => this.offering(offering, language, now))
      .filter((offering) => query.status === undefined || offering.status === query.status)
      .sort(byStage);
    const start = (query.page - 1) * query.limit;
    return {
      list: all.slice(start, start + query.limit),
      total: all.length,
      page: query.page,
      limit: query.limit,
    };
  }

  detail(language: Language, id: string): IpoOffering {
    const offering = IPO_OFFERINGS.find((entry) => entry.id === id);
    if (!offering) throw new EngineError('not_found', 'not_found');
    return this.offering(offering, language, this.deps.now());
  }

  /** The offering's times; one the state does not know yet (an older state file) starts now. */
  private timeline(offering: IpoFixture, now: number): IpoTimeline {
    const state = this.deps.state();
    const known = state.ipo_timelines[offering.id];
    if (known) return known;
    const fixed = scheduleOne(offering, now);
    state.ipo_timelines[offering.id] = fixed;
    this.deps.changed();
    return fixed;
  }

  private offering(offering: IpoFixture, language: Language, now: number): IpoOffering {
    const timeline = this.timeline(offering, now);
    const status = ipoStatusAt(timeline, now);
    const issuePrice = new Decimal(offering.issue_price);
    const listed = status === 'listed';
    return {
      id: offering.id,
      symbol: offering.symbol,
      name: offering.name,
      icon: offering.icon,
      exchange: offering.exchange,
      issue_price: offering.issue_price,
      currency: offering.currency,
      shares_offered: offering.shares_offered,
      min_shares: offering.min_shares,
      raise_amount: issuePrice.times(offering.shares_offered).toFixed(2),
      ...timeline,
      status,
      subscription_multiple: status === 'subscribing' ? null : offering.subscription_multiple,
      listing_price: listed ? offering.listing_price : null,
      listing_change_rate: listed
        ? new Decimal(offering.listing_price)
            .minus(issuePrice)
            .dividedBy(issuePrice)
            .times(100)
            .toFixed(2, Decimal.ROUND_HALF_UP)
        : null,
      summary: offering.summary[language],
      description: offering.description[language],
    };
  }
}
