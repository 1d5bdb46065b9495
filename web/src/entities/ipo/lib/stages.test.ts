import type { IpoOffering } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { ipoDetailHref, nextIpoStage, stageProgress } from './stages.ts';

const at = { subscription_start: 1, subscription_end: 2, allotment_time: 3, listing_time: 4 };

describe('IPO stages', () => {
  it('name the next stage and when it begins, none once listed', () => {
    const submitted = { ...at, status: 'submitted' } as IpoOffering;
    expect(nextIpoStage(submitted)).toEqual({ status: 'pending_listing', at: 3 });
    expect(nextIpoStage({ ...at, status: 'listed' } as IpoOffering)).toBeNull();
  });

  it('tell the stages behind, at and ahead of the current one', () => {
    const pending = { ...at, status: 'pending_listing' } as IpoOffering;
    expect(stageProgress(pending, 'subscribing')).toBe('done');
    expect(stageProgress(pending, 'pending_listing')).toBe('current');
    expect(stageProgress(pending, 'listed')).toBe('ahead');
  });

  it('link to the detail view by id', () => {
    expect(ipoDetailHref('12')).toBe('/pages/ipo/ipo?id=12');
  });
});
