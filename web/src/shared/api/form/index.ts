// Its own entry, not part of `#shared/api`: the app's entry imports the API, and only the
// screens with a form need this.
export {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  withServerErrors,
  type FormErrors,
  type FormSubmissionConfig,
} from './form.ts';
