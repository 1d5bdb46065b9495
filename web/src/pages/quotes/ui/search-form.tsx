import { useUnit } from 'effector-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $query,
  $searchError,
  queryChanged,
  searchCleared,
  searchSubmitted,
} from '../model/quotes.ts';
import styles from './quotes-page.module.css';

/** The search field: filters as it is typed; an empty submit says a search needs content. */
export function SearchForm() {
  const { t } = useTranslation();
  const [query, error, change, submit, clear] = useUnit([
    $query,
    $searchError,
    queryChanged,
    searchSubmitted,
    searchCleared,
  ]);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  return (
    <form
      role="search"
      className={styles.search}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
        // a search with content is done: put the keyboard away
        if (query.trim() !== '') input.current?.blur();
      }}
    >
      <div className={`${styles.searchField} ${error ? styles.searchFieldInvalid : ''}`}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <label htmlFor={inputId} className="visually-hidden">
          {t('market.search.label')}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.searchInput}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('market.search.placeholder')}
          value={query}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            change(event.target.value);
          }}
        />
        {query !== '' ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={t('market.search.clear')}
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      <button type="submit" className={styles.searchSubmit}>
        {t('market.search.submit')}
      </button>
      {error ? (
        <p id={errorId} className={styles.searchError} role="alert">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}
