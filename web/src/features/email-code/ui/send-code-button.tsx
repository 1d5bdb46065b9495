import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import type { EmailCodeSenderView } from '../model/sender.ts';
import styles from './send-code-button.module.css';

export interface SendCodeButtonProps {
  sender: EmailCodeSenderView;
  /** the page checks its e-mail field, then asks the sender for a code */
  onSend: () => void;
  disabled?: boolean;
}

/** "Send code", then "Resend in 42 s" until the server allows another code. */
export function SendCodeButton({ sender, onSend, disabled = false }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, canSend, pending] = useUnit([
    sender.$secondsLeft,
    sender.$canSend,
    sender.$pending,
  ]);
  return (
    <Button
      className={styles.button}
      color="primary"
      fill="none"
      size="small"
      loading={pending}
      disabled={disabled || !canSend}
      onClick={onSend}
    >
      {secondsLeft > 0 ? (
        <span className={styles.countdown}>
          {t('emailCode.resendIn', { seconds: secondsLeft })}
        </span>
      ) : (
        t('emailCode.send')
      )}
    </Button>
  );
}
