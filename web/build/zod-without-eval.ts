import type { Plugin } from 'vite';

/**
 * zod without `new Function`: the server's CSP has no 'unsafe-eval', and zod's probe for it is
 * reported as a violation even though zod catches the throw. `z.config({ jitless: true })` in our
 * own code would come too late: the build runs each chunk's imports before its body, so the
 * protocol's schemas are made first. So the setting goes where zod's config is born, and the build
 * fails if a zod upgrade moves that module. The bench builds its pages with it too: without it,
 * zod compiles its object parsers with `new Function`, which the app never can, and the bench
 * timed a faster parse than a phone gets.
 */
export function zodWithoutEval(): Plugin {
  const home = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
  let seen = false;
  return {
    name: 'bourse:zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!home.test(id)) return null;
      seen = true;
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
    buildEnd() {
      if (!seen) this.error('zod/v4/core/core.js was not bundled: set zod jitless another way');
    },
  };
}
