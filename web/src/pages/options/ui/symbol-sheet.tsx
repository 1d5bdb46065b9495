import { $symbols, SymbolIcon, type SymbolInfo } from '#entities/market';
import { Popup } from '#shared/ui/sheet';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './options-page.module.css';

/** The symbol switcher: every symbol, the current one marked. */
export function SymbolSheet({
  visible,
  currentId,
  onClose,
  onPicked,
}: {
  visible: boolean;
  currentId: string | null;
  onClose: () => void;
  onPicked: (symbol: SymbolInfo) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const symbols = useUnit($symbols);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.sheet}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sheetTitle}>
          {t('options.switchSymbol')}
        </h2>
        <ul className={styles.symbolList}>
          {symbols.map((symbol) => (
            <li key={symbol.id}>
              <button
                type="button"
                className={styles.symbolChoice}
                aria-current={symbol.id === currentId ? 'true' : undefined}
                onClick={() => {
                  onPicked(symbol);
                }}
              >
                <SymbolIcon icon={symbol.icon} display={symbol.display} size={28} />
                <span className={styles.symbolDisplay}>{symbol.display}</span>
                <span className={styles.muted}>{symbol.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  );
}
