import type { z } from 'zod/mini';

/**
 * One endpoint of the catalogue: the single definition the web client, the mock server and the
 * Pact contracts all read. `request` holds the call's own fields (the wire adds `time`).
 */
export type EndpointAuth = 'guest' | 'user';

export interface Endpoint<
  Req extends z.ZodMiniObject = z.ZodMiniObject,
  Res extends z.ZodMiniType = z.ZodMiniType,
  Auth extends EndpointAuth = EndpointAuth,
> {
  /** exactly as SPEC.md §7 lists it (or, for an `extra` call, our choice) */
  readonly path: string;
  /** 'guest': anyone may call it (a user too); 'user': a live session is required (401 without) */
  readonly auth: Auth;
  /** whether the client shows the loading overlay while the call is under way */
  readonly loading: boolean;
  /** what the call does, in a line */
  readonly summary: string;
  /**
   * What is our assumption rather than something SPEC.md shows (field names, types, shapes).
   * Adapting to the real backend means changing this entry and nothing else.
   */
  readonly assumed: string;
  /**
   * Set on the few calls SPEC.md §7 does not list but a screen needs (IPO offerings): why the call
   * exists. The real backend's name for it is unknown; its whole shape is an assumption.
   */
  readonly extra?: string;
  readonly request: Req;
  readonly response: Res;
  readonly example: { readonly request: z.input<Req>; readonly response: z.input<Res> };
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Defines an endpoint, keeping its exact schema types for the client and the server. */
export const endpoint = <
  Req extends z.ZodMiniObject,
  Res extends z.ZodMiniType,
  Auth extends EndpointAuth,
>(
  definition: Endpoint<Req, Res, Auth>,
): Endpoint<Req, Res, Auth> => definition;
