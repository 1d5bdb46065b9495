import { PATHS } from '#shared/routing';
import { Chevron, LineIcon, Page } from '#shared/ui';
import { EmptyState, LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import Collapse from 'antd-mobile/es/components/collapse';
import Input from 'antd-mobile/es/components/input';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useGate, useUnit } from 'effector-react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $appliedQuery,
  $categories,
  $query,
  $results,
  $searchHintVisible,
  $view,
  HelpGate,
  type HelpEntry,
  queryChanged,
  retryClicked,
  searchCleared,
  searchSubmitted,
} from '../model/help.ts';
import styles from './help-page.module.css';

const SKELETON_ROWS = 5;
const SEARCH_ID = 'help-search';

export function HelpPage() {
  const { t } = useTranslation();
  useGate(HelpGate);
  const view = useUnit($view);
  return (
    <Page title={t('helpCentre.title')} back={PATHS.user}>
      <SearchForm />
      {view === 'loading' ? <EntrySkeletons /> : null}
      {view === 'error' ? <EntriesLoadError /> : null}
      {view === 'empty' ? (
        <EmptyState
          className={styles.state}
          title={t('helpCentre.emptyTitle')}
          hint={t('helpCentre.emptyHint')}
        />
      ) : null}
      {view === 'ready' ? <Entries /> : null}
      <SupportCard />
    </Page>
  );
}

function SearchForm() {
  const { t } = useTranslation();
  const { query, hintVisible, changed, submitted, cleared } = useUnit({
    query: $query,
    hintVisible: $searchHintVisible,
    changed: queryChanged,
    submitted: searchSubmitted,
    cleared: searchCleared,
  });
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit} noValidate>
      {/* A label, not aria-label: antd-mobile's Input would copy aria-label onto its wrapper. */}
      <label htmlFor={SEARCH_ID} className="visually-hidden">
        {t('helpCentre.searchLabel')}
      </label>
      <div className={`${styles.searchRow} ${hintVisible ? styles.searchInvalid : ''}`}>
        <svg
          className={styles.searchIcon}
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
        >
          <path
            d="M11 4a7 7 0 100 14 7 7 0 000-14zm9 16l-4-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <Input
          className={styles.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          value={query}
          onChange={changed}
          clearable
          onClear={cleared}
          id={SEARCH_ID}
          placeholder={t('helpCentre.searchPlaceholder')}
        />
        <Button type="submit" color="primary" fill="none" className={styles.searchButton}>
          {t('helpCentre.search')}
        </Button>
      </div>
      {hintVisible ? (
        <p role="alert" className={styles.hint}>
          {t('helpCentre.searchHint')}
        </p>
      ) : null}
    </form>
  );
}

function Entries() {
  const results = useUnit($results);
  return results === null ? <Categories /> : <Results results={results} />;
}

function Categories() {
  const { t } = useTranslation();
  const categories = useUnit($categories);
  const first = categories[0]?.name;
  return (
    <section aria-label={t('helpCentre.categories')} className={styles.card}>
      <Collapse defaultActiveKey={first === undefined ? [] : [first]}>
        {categories.map((category) => (
          <Collapse.Panel
            key={category.name}
            title={
              <span className={styles.categoryTitle}>
                {/* the server's own name for it, in the reader's language */}
                <span data-server-text="">{category.name}</span>
                <span className={`${styles.count} num`}>{category.entries.length}</span>
              </span>
            }
          >
            <EntryList entries={category.entries} showCategory={false} />
          </Collapse.Panel>
        ))}
      </Collapse>
    </section>
  );
}

function Results({ results }: { results: readonly HelpEntry[] }) {
  const { t } = useTranslation();
  const { query, cleared } = useUnit({ query: $appliedQuery, cleared: searchCleared });
  if (results.length === 0) {
    return (
      <EmptyState
        className={styles.state}
        title={t('helpCentre.noResultsTitle', { query })}
        hint={t('helpCentre.noResultsHint')}
        action={{ label: t('helpCentre.showAll'), onClick: cleared, outline: true }}
      />
    );
  }
  return (
    <section aria-label={t('helpCentre.results')}>
      <div className={styles.resultsHeader}>
        <p role="status" className={styles.resultsCount}>
          {t('helpCentre.resultsCount', { count: results.length, query })}
        </p>
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => {
            cleared();
          }}
        >
          {t('helpCentre.showAll')}
        </Button>
      </div>
      <div className={styles.card}>
        <EntryList entries={results} showCategory />
      </div>
    </section>
  );
}

function EntryList({
  entries,
  showCategory,
}: {
  entries: readonly HelpEntry[];
  showCategory: boolean;
}) {
  return (
    <ul className={styles.entries}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            className={styles.entry}
            to={`${PATHS.consultDetail}?id=${encodeURIComponent(entry.id)}`}
          >
            <span className={styles.entryText}>
              {showCategory ? (
                <span className={styles.entryCategory} data-server-text="">
                  {entry.category}
                </span>
              ) : null}
              <span className={styles.entryTitle}>{entry.title}</span>
            </span>
            <Chevron className={styles.chevron} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SupportCard() {
  const { t } = useTranslation();
  return (
    <Link to={PATHS.consult} className={styles.support}>
      <span className={styles.supportIcon} aria-hidden="true">
        <LineIcon
          size={24}
          d="M4 13v-1a8 8 0 0116 0v1M4 13h3v6H5a1 1 0 01-1-1zm16 0h-3v6h2a1 1 0 001-1zm-3 6c0 1.5-2 2-5 2"
        />
      </span>
      <span className={styles.supportText}>
        <span className={styles.supportTitle}>{t('helpCentre.supportTitle')}</span>
        <span className={styles.supportHint}>{t('helpCentre.supportHint')}</span>
      </span>
      <Chevron className={styles.chevron} />
    </Link>
  );
}

function EntrySkeletons() {
  return (
    <LoadingSkeleton className={styles.card}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <Skeleton animated className={styles.skeletonLine} />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

function EntriesLoadError() {
  const { t } = useTranslation();
  const retry = useUnit(retryClicked);
  return (
    <LoadError
      className={styles.state}
      title={t('helpCentre.errorTitle')}
      hint={t('helpCentre.errorHint')}
      onRetry={retry}
    />
  );
}
