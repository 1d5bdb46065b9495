import { useId } from 'react';
import styles from './login-page.module.css';

export interface ModeOption<Mode extends string> {
  value: Mode;
  label: string;
}

/**
 * Two or more ways of signing in as one row of radio buttons, drawn as a segmented control.
 * antd-mobile's Segmented (rc-segmented) calls itself a listbox of options around radio inputs,
 * which no assistive technology can make sense of; native radios in a radiogroup are what it is
 * (arrow keys move between them).
 */
export function ModeSwitch<Mode extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Mode;
  options: readonly ModeOption<Mode>[];
  onChange: (mode: Mode) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={styles.modes}>
      {options.map((option) => (
        <label
          key={option.value}
          className={`${styles.mode} ${option.value === value ? styles.modeChosen : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => {
              onChange(option.value);
            }}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
