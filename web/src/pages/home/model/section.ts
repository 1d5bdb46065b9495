/**
 * What a section of the home screen shows: skeletons until its data first arrives, then the data
 * (kept while a reload is under way) or, with nothing to show, an error or an empty state.
 */
export type SectionView = 'loading' | 'error' | 'empty' | 'ready';

export function sectionView(hasData: boolean, isEmpty: boolean, failed: boolean): SectionView {
  if (!hasData) return failed ? 'error' : 'loading';
  return isEmpty ? 'empty' : 'ready';
}
