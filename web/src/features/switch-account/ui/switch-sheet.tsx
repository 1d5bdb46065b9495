import { ConfirmSheet } from '#shared/ui/sheet';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import {
  $switchAsked,
  $switching,
  $switchTarget,
  accountSwitchConfirmed,
  accountSwitchDismissed,
  accountSwitchRequested,
  SwitchSheetGate,
} from '../model/switch-account.ts';
import styles from './switch-sheet.module.css';

/** "Switch to demo account?" / "Switch back to real account?" (SPEC.md §4), as a bottom sheet. */
export function SwitchSheet() {
  const { t } = useTranslation();
  useGate(SwitchSheetGate, {});
  const [asked, target, confirm, dismiss] = useUnit([
    $switchAsked,
    $switchTarget,
    accountSwitchConfirmed,
    accountSwitchDismissed,
  ]);
  const toDemo = target === 'demo';
  return (
    <ConfirmSheet
      visible={asked}
      title={t(toDemo ? 'accountSwitch.toDemo' : 'accountSwitch.toReal')}
      confirmText={t(toDemo ? 'accountSwitch.confirmDemo' : 'accountSwitch.confirmReal')}
      cancelText={t('common.cancel')}
      onConfirm={() => {
        confirm();
      }}
      onCancel={() => {
        dismiss();
      }}
    >
      <p className={styles.question}>
        {t(toDemo ? 'accountSwitch.toDemoHint' : 'accountSwitch.toRealHint')}
      </p>
    </ConfirmSheet>
  );
}

/**
 * The switch offered in place, where the account in use stands in the way (a withdrawal on demo):
 * the same question as the personal centre's, then the screen carries on in the other account.
 */
export function SwitchAccountButton({ children }: { children: string }) {
  const [switching, request] = useUnit([$switching, accountSwitchRequested]);
  return (
    <>
      <Button
        color="primary"
        fill="outline"
        size="small"
        loading={switching}
        onClick={() => {
          request();
        }}
      >
        {children}
      </Button>
      <SwitchSheet />
    </>
  );
}
