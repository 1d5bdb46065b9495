export {
  createEmailCodeSender,
  type EmailCodeSender,
  type EmailCodeSenderView,
  type SendEmailEndpoint,
} from './model/sender.ts';
export { SendCodeButton, type SendCodeButtonProps } from './ui/send-code-button.tsx';
