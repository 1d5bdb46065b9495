export { EmptyState, LoadError, LoadingSkeleton, type StateAction } from './state-views.tsx';
