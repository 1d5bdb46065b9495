export { MoreOnScroll, type MoreOnScrollProps } from './more-on-scroll.tsx';
