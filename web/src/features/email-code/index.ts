export {
  createEmailCodeSender,
  type EmailCodeSender,
  type EmailCodeSenderView,
  type SendEmailEndpoint,
} from './model/sender.ts';
export {
  CODE_FORM_WIRE_FIELDS,
  codeFormChecks,
  codeFormRequest,
  createCodeForm,
  type CodeForm,
  type CodeFormField,
  type CodeFormView,
} from './model/code-form.ts';
export { CodeFormFields, type CodeFormFieldsProps } from './ui/code-form-fields.tsx';
export { SendCodeButton, type SendCodeButtonProps } from './ui/send-code-button.tsx';
