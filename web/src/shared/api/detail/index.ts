// Its own entry, not part of `#shared/api`: the app's entry imports the API, and only the
// detail screens need this.
export {
  createDetailById,
  type DetailAddress,
  type DetailById,
  type DetailByIdConfig,
  type DetailStatus,
} from './detail-by-id.ts';
