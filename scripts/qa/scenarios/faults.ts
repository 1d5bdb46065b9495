// The call the fault scenarios break: one every screen makes first.
import { endpoints } from '@bourse/protocol';

export const FAULTED = endpoints.index.getConfig;
