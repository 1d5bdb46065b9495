export {
  CardForm,
  EmailField,
  FieldLabel,
  FieldMessage,
  FormField,
  InputRow,
  PasswordField,
  PasswordInput,
  type FieldIds,
  type PasswordInputProps,
} from './form-field.tsx';
