// Every QA scenario, in the order `qa list` and `qa run --all` take them. A new scenario is a
// file in this folder and a line here.
import type { Scenario } from '../scenario.ts';
import bankAndWallet from './bank-and-wallet.ts';
import codeExpiredOrUsed from './code-expired-or-used.ts';
import contractTakeProfit from './contract-take-profit.ts';
import contractLimitShort from './contract-limit-short.ts';
import contractStopLoss from './contract-stop-loss.ts';
import contractAutoMargin from './contract-auto-margin.ts';
import contractLiquidation from './contract-liquidation.ts';
import contractMargin from './contract-margin.ts';
import contractVerifyFirst from './contract-verify-first.ts';
import demoRealSwitch from './demo-real-switch.ts';
import digitsCancelBeforeClosing from './digits-cancel-before-closing.ts';
import digitsExactSum from './digits-exact-sum.ts';
import digitsLose from './digits-lose.ts';
import digitsRefusedWhileClosing from './digits-refused-while-closing.ts';
import digitsVerifyDraw from './digits-verify-draw.ts';
import digitsWinBig from './digits-win-big.ts';
import demoTopUp from './demo-top-up.ts';
import depositApproved from './deposit-approved.ts';
import depositCancelled from './deposit-cancelled.ts';
import depositRejected from './deposit-rejected.ts';
import faultCode from './fault-code.ts';
import faultDropped from './fault-dropped.ts';
import faultLatency from './fault-latency.ts';
import identityRejected from './identity-rejected.ts';
import identityVerified from './identity-verified.ts';
import inviteFriend from './invite-friend.ts';
import ipoStages from './ipo-stages.ts';
import loginLockout from './login-lockout.ts';
import marketPath from './market-path.ts';
import marketPaused from './market-paused.ts';
import marketPrice from './market-price.ts';
import optionsLose from './options-lose.ts';
import optionsOrderingCancel from './options-ordering-cancel.ts';
import optionsSettleAfterRestart from './options-settle-after-restart.ts';
import optionsTie from './options-tie.ts';
import optionsVoid from './options-void.ts';
import optionsWin from './options-win.ts';
import passwordReset from './password-reset.ts';
import registerWithCode from './register-with-code.ts';
import sessionExpiry from './session-expiry.ts';
import transfer from './transfer.ts';
import withdrawalApproved from './withdrawal-approved.ts';
import withdrawalRefused from './withdrawal-refused.ts';
import withdrawalRejected from './withdrawal-rejected.ts';

export const SCENARIOS: readonly Scenario[] = [
  registerWithCode,
  codeExpiredOrUsed,
  loginLockout,
  passwordReset,
  sessionExpiry,
  demoRealSwitch,
  identityVerified,
  identityRejected,
  bankAndWallet,
  ipoStages,
  marketPrice,
  marketPath,
  marketPaused,
  faultLatency,
  faultCode,
  faultDropped,
  // money (issue 11)
  depositApproved,
  depositRejected,
  depositCancelled,
  withdrawalApproved,
  withdrawalRejected,
  withdrawalRefused,
  transfer,
  demoTopUp,
  inviteFriend,
  // contract trading (issue 12)
  contractTakeProfit,
  contractLimitShort,
  contractStopLoss,
  contractAutoMargin,
  contractLiquidation,
  contractMargin,
  contractVerifyFirst,
  // timed up/down options
  optionsWin,
  optionsLose,
  optionsTie,
  optionsVoid,
  optionsOrderingCancel,
  optionsSettleAfterRestart,
  // Coin Guess (issue 23)
  digitsWinBig,
  digitsLose,
  digitsExactSum,
  digitsCancelBeforeClosing,
  digitsRefusedWhileClosing,
  digitsVerifyDraw,
];
