import styles from './select.module.css';

/**
 * A native select in the app's field style: the phone's own picker opens, and a long option
 * ("Compte contrats") is never cut by a custom widget.
 */
export function Select<Value extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <select
      id={id}
      className={styles.select}
      value={value}
      onChange={(event) => {
        const picked = options.find((option) => option.value === event.target.value);
        if (picked) onChange(picked.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
