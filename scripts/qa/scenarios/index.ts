// Every QA scenario, in the order `qa list` and `qa run --all` take them. A new scenario is a
// file in this folder and a line here.
import type { Scenario } from '../scenario.ts';
import bankAndWallet from './bank-and-wallet.ts';
import codeExpiredOrUsed from './code-expired-or-used.ts';
import demoRealSwitch from './demo-real-switch.ts';
import faultCode from './fault-code.ts';
import faultDropped from './fault-dropped.ts';
import faultLatency from './fault-latency.ts';
import identityRejected from './identity-rejected.ts';
import identityVerified from './identity-verified.ts';
import ipoStages from './ipo-stages.ts';
import loginLockout from './login-lockout.ts';
import marketPath from './market-path.ts';
import marketPaused from './market-paused.ts';
import marketPrice from './market-price.ts';
import passwordReset from './password-reset.ts';
import registerWithCode from './register-with-code.ts';
import sessionExpiry from './session-expiry.ts';

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
];
