export {
  CardForm,
  EmailField,
  FieldLabel,
  FieldMessage,
  FormField,
  InputRow,
  messageIdOf,
  PasswordField,
  PasswordInput,
  type FieldIds,
  type PasswordInputProps,
} from './form-field.tsx';
export { FieldInput, FormItem, FormList, type FieldInputProps } from './form-list.tsx';
export { useFocusFirstInvalid } from './focus-invalid.ts';
export { Segmented } from './segmented.tsx';
export { Select } from './select.tsx';
