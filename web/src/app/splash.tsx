/**
 * The splash of index.html, drawn by the app while it has nothing else to show (its first route's
 * code, the redirect after logging in or out), so the screen is never blank. Its look is the
 * inline style of index.html, already in the page: no CSS of its own.
 */
export function Splash({ label }: { label: string }) {
  return (
    <div className="app-splash" data-splash role="status" aria-busy="true">
      {/* index.html draws this file inline; here it comes from the cache */}
      <img className="app-splash-mark" src="/favicon.svg" alt="" width={56} height={56} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
