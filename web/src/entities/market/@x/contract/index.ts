// The market's cross-import API for the contract entity (Feature-Sliced Design's `@x`, read
// "market crossed with contract"): what a position needs of the market to show its figures at
// the live price. Only code in entities/contract may import it (eslint.config.js); everyone else
// uses '#entities/market'.
export { useTicker } from '../../ui/use-ticker.ts';
