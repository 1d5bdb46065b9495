import type { MailRecord } from '../engine/state.ts';
import type { Fault } from '../plugins/faults.ts';
import type {
  ClockBody,
  FaultBody,
  IdentityBody,
  MarketPathBody,
  MarketPriceBody,
  MarketSymbolBody,
} from './schemas.ts';

/** A symbol's price as the market control answers it. */
export interface MarketQuote {
  symbol_id: string;
  price: string;
  paused: boolean;
}

/** The mock's CONTROL_TOKEN as the scripts' environment gives it, if any. */
const tokenFromEnvironment = (): string | undefined =>
  typeof process === 'undefined' ? undefined : process.env['CONTROL_TOKEN'] || undefined;

/**
 * A typed client of the control API, shared by the QA scripts, Pact and Playwright. `token` (by
 * default the environment's CONTROL_TOKEN) goes with every call as a bearer token.
 */
export class ControlClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly token: string | undefined = tokenFromEnvironment(),
  ) {}

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.fetchImpl(`${this.baseUrl}/__control${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token === undefined ? {} : { authorization: `Bearer ${this.token}` }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: string };
    if (!response.ok)
      throw new Error(`control ${method} ${path}: ${json.error ?? response.status}`);
    return json;
  }

  reset(scenario = 'empty'): Promise<{ scenario: string }> {
    return this.request('POST', '/reset', { scenario });
  }

  async mailbox(to?: string): Promise<MailRecord[]> {
    const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
    return (await this.request<{ list: MailRecord[] }>('GET', `/mailbox${query}`)).list;
  }

  /** The code of the newest e-mail sent to `to`. */
  async latestCode(to: string): Promise<string> {
    const [latest] = await this.mailbox(to);
    if (!latest) throw new Error(`no e-mail was sent to ${to}`);
    return latest.code;
  }

  clock(body: ClockBody): Promise<{ now: number; frozen: boolean }> {
    return this.request('POST', '/clock', body);
  }

  fault(body: FaultBody): Promise<{ list: Fault[] }> {
    return this.request('POST', '/faults', body);
  }

  clearFaults(): Promise<{ list: Fault[] }> {
    return this.request('DELETE', '/faults');
  }

  decideIdentity(body: IdentityBody): Promise<{ identity_status: string }> {
    return this.request('POST', '/identity', body);
  }

  expireSessions(email: string): Promise<{ ended: number }> {
    return this.request('POST', '/sessions/expire', { email });
  }

  /** Moves a symbol's price from the next second; the market goes on from there. */
  async setPrice(body: MarketPriceBody): Promise<MarketQuote[]> {
    return (await this.request<{ list: MarketQuote[] }>('POST', '/market/price', body)).list;
  }

  /** Holds each point's price in turn, then lets the market go on from the last. */
  async playPath(body: MarketPathBody): Promise<MarketQuote[]> {
    return (await this.request<{ list: MarketQuote[] }>('POST', '/market/path', body)).list;
  }

  /** Holds one symbol's price (every symbol's without one). */
  async pauseMarket(body: MarketSymbolBody = {}): Promise<MarketQuote[]> {
    return (await this.request<{ list: MarketQuote[] }>('POST', '/market/pause', body)).list;
  }

  /** Lets held prices move again, from where they were held. */
  async resumeMarket(body: MarketSymbolBody = {}): Promise<MarketQuote[]> {
    return (await this.request<{ list: MarketQuote[] }>('POST', '/market/resume', body)).list;
  }
}
