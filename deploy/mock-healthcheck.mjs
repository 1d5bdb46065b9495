/* global fetch, AbortSignal */
// The mock image's health check: the control API's health answers (with CONTROL_TOKEN if set).
const token = process.env.CONTROL_TOKEN;
const port = process.env.PORT || '8080';
try {
  const response = await fetch(`http://127.0.0.1:${port}/__control/health`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(2500),
  });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
