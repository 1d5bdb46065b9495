// Coin Guess (issue 14): the period and its draws, my bets, the bet types' names and the
// browser's own check of a draw's proof.
export {
  fetchBetsFx,
  fetchGameInfoFx,
  fetchRoundFx,
  mergeDraws,
  noticePushed,
  RECENT_DRAWS,
  roundPushed,
} from './model/round.ts';
export {
  betName,
  boardOf,
  BOARD_SECTIONS,
  drawTraits,
  sumDistribution,
  wins,
  type SumBar,
} from './lib/bet-types.ts';
export { verifyDraw, type DrawCheck } from './lib/verify.ts';
export { DrawDigits } from './ui/draw-digits.tsx';
