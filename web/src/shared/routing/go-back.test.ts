import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goBackFx } from './go-back.ts';
import { $navigator, type Navigator } from './model.ts';
import { PATHS } from './paths.ts';

/** The browser's history as the router left it: `state` of the current entry, `back` spied. */
function browserHistory(state: unknown) {
  const back = vi.fn();
  vi.stubGlobal('window', { history: { state, back, length: 3 } });
  return back;
}

function openedApp() {
  const navigate = vi.fn<Navigator['navigate']>();
  const scope = fork({ values: [[$navigator, { navigate }]] });
  return { scope, navigate };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('going back', () => {
  it('returns to the previous screen of the app when there is one', async () => {
    const back = browserHistory({ usr: null, key: 'b2', idx: 2 });
    const { scope, navigate } = openedApp();

    await allSettled(goBackFx, { scope, params: PATHS.help });

    expect(back).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to the fallback, in place of this page, when the app opened on it', async () => {
    // Pages of another site before the app count in `history.length`, never in the router's index.
    const back = browserHistory({ usr: null, key: 'a1', idx: 0 });
    const { scope, navigate } = openedApp();

    await allSettled(goBackFx, { scope, params: PATHS.help });

    expect(back).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(PATHS.help, { replace: true });
  });

  it('goes to the fallback when the entry has no state of the router', async () => {
    const back = browserHistory(null);
    const { scope, navigate } = openedApp();

    await allSettled(goBackFx, { scope, params: PATHS.announcement });

    expect(back).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(PATHS.announcement, { replace: true });
  });
});
